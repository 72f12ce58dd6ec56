import { Queue, Worker, type Job } from 'bullmq';
import { connectRedis, type RedisClient, type RedisTarget } from '../redis/connection.ts';
import type { Logger } from 'pino';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import type { BackgroundJobRow } from '../db/schema/orchestration.ts';
import { fireJob, type FireOutcome } from './fire.ts';
import { JobStore } from './job-store.ts';
import { repeatOptions, scheduleOfRow } from './schedule-spec.ts';

/** The BullMQ queue of job triggers; the prefix shares the execution queues' hash tag (Redis Cluster safe). */
export const SCHEDULES_QUEUE = 'background-jobs';
export const SCHEDULES_PREFIX = '{dcf-queue}';

export interface BackgroundJobsOptions {
  redis: RedisTarget;
  db: () => Promise<Db>;
  platform: () => Promise<AgentPlatform>;
  log: Logger;
  /** BullMQ key prefix (tests use their own so parallel files do not share schedulers). */
  prefix?: string;
}

/** What the job data of a trigger carries: only the job's id; everything else is read from the database when it fires. */
export interface TriggerData {
  job_id: string;
}

/**
 * The background jobs of spec 5.3: the `background_jobs` table is the record, BullMQ job
 * schedulers (one per enabled job, id = the job's id) make the triggers. A scheduler lives in
 * Redis, so it survives restarts of every process, and BullMQ hands each tick's job to exactly
 * one worker of the queue however many processes run one; the tick's run row (unique per job
 * and tick) makes a second delivery of a tick a no-op as well. `reconcile` (at worker start)
 * brings Redis in line with the table: schedulers for enabled jobs that lack one (a flushed
 * Redis), none for jobs paused or deleted meanwhile.
 */
export class BackgroundJobs {
  private queueInstance: Queue<TriggerData> | undefined;
  private readonly connections: RedisClient[] = [];

  constructor(readonly opts: BackgroundJobsOptions) {}

  get queue(): Queue<TriggerData> {
    this.queueInstance ??= new Queue<TriggerData>(SCHEDULES_QUEUE, {
      connection: this.connection(),
      prefix: this.opts.prefix ?? SCHEDULES_PREFIX,
    });
    return this.queueInstance;
  }

  async store(): Promise<JobStore> {
    return new JobStore(await this.opts.db());
  }

  /** Creates or replaces the job's scheduler. Used when a job is created enabled or resumed. */
  async activate(job: BackgroundJobRow): Promise<void> {
    await this.queue.upsertJobScheduler(job.id, repeatOptions(scheduleOfRow(job)), {
      name: 'trigger',
      data: { job_id: job.id },
      opts: { removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } },
    });
  }

  /** Removes the job's scheduler (pause, delete): no further ticks. */
  async deactivate(jobId: string): Promise<void> {
    await this.queue.removeJobScheduler(jobId);
  }

  /** The scheduler's next tick, or null when the job has no scheduler (disabled, or not yet reconciled). */
  async nextRun(jobId: string): Promise<Date | null> {
    const s = await this.queue.getJobScheduler(jobId);
    return s?.next ? new Date(s.next) : null;
  }

  /** Makes Redis match the table (see the class comment). Safe to run in several processes at once. */
  async reconcile(): Promise<{ activated: string[]; removed: string[] }> {
    const store = await this.store();
    const jobs = await store.list();
    const enabled = new Map(jobs.filter((j) => j.enabled).map((j) => [j.id, j]));
    const activated: string[] = [];
    const removed: string[] = [];
    for (const job of enabled.values()) {
      // Only where missing: upserting an existing `every` scheduler would add an immediate tick.
      if (!(await this.queue.getJobScheduler(job.id))) {
        await this.activate(job);
        activated.push(job.id);
      }
    }
    for (const s of await this.queue.getJobSchedulers(0, -1)) {
      const id = s.key;
      if (id && !enabled.has(id)) {
        await this.deactivate(id);
        removed.push(id);
      }
    }
    return { activated, removed };
  }

  /**
   * Starts a worker for the triggers in this process (the console, `dcf worker`); each trigger
   * runs fire.ts (record the tick, dispatch the task). `onFired` lets tests observe outcomes.
   */
  startWorker(opts: { concurrency?: number; onFired?: (outcome: FireOutcome) => void } = {}): {
    worker: Worker<TriggerData>;
    close(): Promise<void>;
  } {
    const worker = new Worker<TriggerData>(
      SCHEDULES_QUEUE,
      async (job: Job<TriggerData>) => {
        const outcome = await fireJob(
          this,
          job.data.job_id,
          job.id ?? `${job.data.job_id}:${job.timestamp}`,
          new Date(job.opts.timestamp ?? job.timestamp),
        );
        opts.onFired?.(outcome);
        return outcome;
      },
      {
        connection: this.connection(),
        prefix: this.opts.prefix ?? SCHEDULES_PREFIX,
        concurrency: opts.concurrency ?? 4,
      },
    );
    worker.on('error', (err) => this.opts.log.warn({ err }, 'background job worker error'));
    return { worker, close: () => worker.close() };
  }

  async close(): Promise<void> {
    await this.queueInstance?.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
    this.connections.length = 0;
  }

  /** BullMQ needs connections that retry forever (`maxRetriesPerRequest: null`). */
  private connection(): RedisClient {
    const r = connectRedis(this.opts.redis, 'queue');
    this.connections.push(r);
    return r;
  }
}
