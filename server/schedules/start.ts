import type { RedisTarget } from '../config-redis.ts';
import type { Logger } from 'pino';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { DispatchTracker } from '../orchestration/dispatch-tracker.ts';
import { BackgroundJobs } from './background-jobs.ts';
import { registerBackgroundJobs } from './service.ts';

export interface BackgroundJobsRuntime {
  jobs: BackgroundJobs;
  tracker: DispatchTracker;
  close(): Promise<void>;
}

/**
 * The long-lived part of orchestration in a process that works (the console with embedded
 * workers): the process's background jobs (registered for the tools), Redis reconciled with the
 * table, a worker for the triggers, and the dispatch tracker that acknowledges dispatches and
 * routes replies. Several such processes may run on one Redis and database (see
 * background-jobs.ts and dispatch-tracker.ts for why each tick and each reply happens once).
 */
export async function startBackgroundJobs(opts: {
  redis: RedisTarget;
  db: () => Promise<Db>;
  platform: () => Promise<AgentPlatform>;
  log: Logger;
}): Promise<BackgroundJobsRuntime> {
  const jobs = new BackgroundJobs(opts);
  registerBackgroundJobs(jobs);
  const reconciled = await jobs.reconcile().catch((err: unknown) => {
    opts.log.warn({ err }, 'background jobs: reconcile failed (the schedulers in Redis are used as they are)');
    return null;
  });
  if (reconciled && (reconciled.activated.length || reconciled.removed.length)) opts.log.info(reconciled, 'background jobs reconciled');
  const worker = jobs.startWorker({
    onFired: (o) =>
      o.outcome === 'FAILED' ? opts.log.warn(o, 'background job trigger failed') : opts.log.debug(o, 'background job fired'),
  });
  const tracker = new DispatchTracker({ platform: opts.platform, db: opts.db, log: opts.log });
  tracker.start();
  return {
    jobs,
    tracker,
    async close() {
      await tracker.close();
      await worker.close();
      await jobs.close();
      registerBackgroundJobs(undefined);
    },
  };
}
