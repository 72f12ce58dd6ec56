import type { RedisTarget } from '../server/config-redis.ts';
import type { AppConfig } from '../server/config.ts';
import { sharedByAnother } from '../server/db/pglite-share.ts';
import { logger } from '../server/log.ts';

/** What a `dcf worker` runs besides its notification consumers: said on its start line. */
export type WorkerJobs = { running: true; close(): Promise<void> } | { running: false; reason: string; close(): Promise<void> };

/**
 * The issue-18 background work of a `dcf worker`, as the console runs it where workers run
 * (server/app/services.ts): the background jobs runtime (reconcile, the trigger worker, the
 * dispatch tracker; server/schedules/start.ts) and the notification delivery retries, on the
 * CLI's Redis, database and agent platform. Any number of workers and consoles may run them on
 * one Redis and database: BullMQ gives each trigger and each retry to one worker, a tick's run
 * row is unique, and acknowledgements and reply routing are conditional updates.
 *
 * Only where the database can be shared: PostgreSQL, or the PGlite a running console serves.
 * Opening the PGlite directory itself would keep the console (and other workers) out of it for
 * as long as the worker runs, so then the worker does none of this and says why.
 */
export async function startWorkerJobs(config: AppConfig, redis: RedisTarget): Promise<WorkerJobs> {
  if (config.database.kind === 'pglite' && !(await sharedByAnother(config.database.dataDir))) {
    const reason = 'the embedded database is not shared (start the console first, or set DATABASE_URL)';
    return { running: false, reason, close: async () => {} };
  }
  const [{ cliDatabase }, { cliAgentPlatform }, { startBackgroundJobs }, { startDeliveryRetries }] = await Promise.all([
    import('./database.ts'),
    import('./agents.ts'),
    import('../server/schedules/start.ts'),
    import('../server/notifications/retries.ts'),
  ]);
  const { db } = await cliDatabase(config);
  const jobs = await startBackgroundJobs({
    redis,
    db: async () => db,
    platform: () => cliAgentPlatform(config),
    log: logger().child({ component: 'schedules' }),
  });
  const stopRetries = startDeliveryRetries({
    db,
    redis,
    config,
    log: logger().child({ component: 'notifications' }),
  });
  return {
    running: true,
    // Before the agent platform and the database close (cli/main.ts): triggers and retries stop taking work first.
    async close() {
      await jobs.close();
      await stopRetries();
    },
  };
}
