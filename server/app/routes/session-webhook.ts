import type { RedisClient } from '../../redis/connection.ts';
import type { AppConfig } from '../../config.ts';
import { delegationHub } from '../../delegation/connect.ts';
import type { DelegationHub } from '../../delegation/hub.ts';
import { handleSessionWebhook } from '../../delegation/webhook-request.ts';
import { agentPlatform, config, database, redis, toolServices } from '../services.ts';

/** What a session's webhook is handed: the process's config and Redis (read per request) and its delegation hub. */
export interface SessionWebhookRouteServices {
  config: () => AppConfig;
  redis: () => RedisClient | undefined;
  hub: () => Promise<DelegationHub>;
}

/**
 * A delegated-mode session's webhook (server/delegation/webhook.ts) as a route handler: asynchronous skills a
 * Companion called report back here with the signed URL they were handed; the call is recorded as a `webhook` event of
 * the session while it is active (limits: execution/webhook-limits.ts).
 */
export function sessionWebhookRoutes(services: SessionWebhookRouteServices) {
  const POST = async (request: Request, ctx: { params: Promise<{ sessionId: string }> }): Promise<Response> => {
    const { sessionId } = await ctx.params;
    return handleSessionWebhook({ config: services.config(), redis: services.redis(), hub: services.hub }, sessionId, request);
  };
  return { POST };
}

/** The session webhook of this process, from the composition root's services. */
export const sessionWebhookRoute = sessionWebhookRoutes({
  config,
  redis,
  hub: async () => delegationHub(await agentPlatform(), (await database()).db, toolServices()),
});
