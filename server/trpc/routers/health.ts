import { sql } from 'drizzle-orm';
import { checkAdapters } from '../../health/check-adapters.ts';
import { readDatabaseHealth } from '../../health/database-size.ts';
import { readNotificationBacklog } from '../../health/notification-backlog.ts';
import { readProcessHealth } from '../../health/process-health.ts';
import { readQueues } from '../../health/queues.ts';
import { readRedisMemory } from '../../health/redis-memory.ts';
import { readScheduler } from '../../health/scheduler.ts';
import { readStreamLag } from '../../health/stream-lag.ts';
import { readWorkers } from '../../health/workers.ts';
import { pingRedis } from '../../redis/client.ts';
import type { RedisClient } from '../../redis/connection.ts';
import { listDeadLettersTool } from '../../tools/streams/list-dead-letters.ts';
import { retryDeadLetterTool } from '../../tools/streams/retry-dead-letter.ts';
import { DURABLE_STREAMS } from '../../tools/streams/stream-catalog.ts';
import { ADMIN, ALL_ROLES, procedure, router, type TrpcContext } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

/** A panel's figures, or why this set-up has none (no Redis configured): said on the page, never shown as zeros. */
export type Available<T> = { available: true; data: T } | { available: false; reason: string };

const NO_REDIS = 'Redis is not configured (REDIS_URL or REDIS_CLUSTER_NODES): there are no workers, queues or streams to read.';

async function onRedis<T>(ctx: TrpcContext, read: (redis: RedisClient) => Promise<T>): Promise<Available<T>> {
  const redis = ctx.redis?.();
  if (!redis) return { available: false, reason: NO_REDIS };
  // Connects the shared client if it has not yet (it queues nothing while connecting); a Redis that is down is an error here.
  await pingRedis(redis);
  return { available: true, data: await read(redis) };
}

const admin = procedure.meta({ access: ADMIN });

/**
 * Settings → Health: each port's adapter and whether it is reachable now; the durable streams'
 * dead letters (everyone sees them, without payloads) and their retry (admins); the console
 * process's event-loop delay and memory. Issue 34, for admins (they reveal hosts, queues and
 * job names): the workers' heartbeats, the queues' depths, the scheduler's next fires and misses,
 * the notification backlog, the streams' lag, the database's size and Redis's memory — one query
 * per panel, each read by server/health/.
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
  workers: admin.query(({ ctx }) => onRedis(ctx, readWorkers)),
  queues: admin.query(({ ctx }) => onRedis(ctx, (redis) => readQueues(redis))),
  scheduler: admin.query(({ ctx }) => onRedis(ctx, (redis) => readScheduler(ctx.db, redis))),
  notifications: admin.query(({ ctx }) => readNotificationBacklog(ctx.db)),
  streams: admin.query(({ ctx }) => onRedis(ctx, (redis) => readStreamLag(redis, Object.values(DURABLE_STREAMS)))),
  storage: admin.query(async ({ ctx }) => ({
    database: await readDatabaseHealth(ctx.db, ctx.services.config.database.kind),
    redis: await onRedis(ctx, readRedisMemory),
  })),
});
