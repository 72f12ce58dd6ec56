import type { ToolServices } from '../../contracts/tool-services.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';
import type { SendDeps } from '../../notifications/send.ts';

/**
 * The database (required) and Redis (optional: the live push and the retry queue) for the
 * notification tools. Redis that cannot be reached is treated as absent, so the alert is still
 * stored and e-mail and Telegram are still tried once.
 */
export async function notificationDeps(services: ToolServices): Promise<SendDeps | ToolFailure> {
  if (!services.db) return fail('unavailable', 'notifications need the database');
  const db = await services.db();
  const redis = services.execution
    ? await services.execution().then(
        (x) => x.redis,
        () => undefined,
      )
    : undefined;
  return { db, config: services.config, redis };
}
