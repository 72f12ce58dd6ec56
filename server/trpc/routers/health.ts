import { sql } from 'drizzle-orm';
import { checkAdapters } from '../../health/check-adapters.ts';
import { readProcessHealth } from '../../health/process-health.ts';
import { listDeadLettersTool } from '../../tools/streams/list-dead-letters.ts';
import { retryDeadLetterTool } from '../../tools/streams/retry-dead-letter.ts';
import { ADMIN, ALL_ROLES, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

/**
 * Settings → Health: each port's adapter and whether it is reachable now; the durable streams'
 * dead letters (everyone sees them, without payloads) and their retry (admins); the console
 * process's event-loop delay and memory.
 */
export const healthRouter = router({
  deadLetters: toolQuery(listDeadLettersTool, ALL_ROLES),
  retryDeadLetter: toolMutation(retryDeadLetterTool, ADMIN),
  process: procedure.meta({ access: ALL_ROLES }).query(() => readProcessHealth()),
  adapters: procedure.meta({ access: ALL_ROLES }).query(({ ctx }) =>
    checkAdapters({
      config: ctx.services.config,
      pingDatabase: async () => void (await ctx.db.execute(sql`select 1`)),
      redis: ctx.redis ?? (() => undefined),
    }),
  ),
});
