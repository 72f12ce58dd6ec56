import { Queue, Worker, type Job } from 'bullmq';
import { connectRedis, type RedisClient, type RedisTarget } from '../redis/connection.ts';
import { runKeys } from '../controlplane/keys.ts';
import { execAcrossSlots, type KeyedCommand } from '../redis/across-slots.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import type { LeaseTiming } from './lease-timing.ts';
import { jobsOf, type JobNotifications } from './dispatch-groups.ts';

/** BullMQ keys share one hash tag, so the queue is Redis Cluster safe too. */
export const QUEUE_PREFIX = '{dcf-queue}';
export const QUEUE_NAME = 'notifications';

/** BullMQ needs connections that retry forever (connection.ts, role `queue`). */
export function queueConnection(target: RedisTarget): RedisClient {
  return connectRedis(target, 'queue');
}

/**
 * Durable dispatch of notifications through BullMQ: a notification is a job whose id is its
 * nudge_id, so adding it twice is a no-op, and a job survives any process restart because it
 * lives in Redis. Delays (Retry back-off, Wait) are BullMQ delayed jobs — nothing sleeps.
 * Every notification is first written to the run's outbox in the same atomic commit as the
 * state change that caused it; `dispatch` then enqueues it. If the process dies in between,
 * the sweeper finds the outbox entry and dispatches it.
 */
export class Dispatcher {
  readonly queue: Queue;
  private readonly connection: RedisClient;

  constructor(
    private readonly redis: RedisClient,
    connection: RedisClient,
  ) {
    this.connection = connection;
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix: QUEUE_PREFIX });
  }

  /**
   * `fresh`: the entries were written by the commit the caller just made, which also marked them
   * sent (CommitBuilder.markSent): none can have been dispatched yet, so neither the check of the
   * nudges set nor the mark costs a round trip. The sweeper and notify_next_worker_agent, which may
   * send an entry again, leave it false: checked, enqueued, then marked.
   */
  async dispatch(entries: OutboxEntry[], opts: { fresh?: boolean } = {}): Promise<OutboxEntry[]> {
    if (entries.length === 0) return [];
    // One round trip for all the checks and one for all the marks: a Map batch dispatches hundreds.
    const sent = opts.fresh
      ? null
      : await execAcrossSlots(
          this.redis,
          entries.map((e): KeyedCommand => ['sismember', runKeys(e.run_id).nudges, e.id]),
        );
    const fresh = entries.filter((_, i) => sent?.[i]?.[1] !== 1);
    if (fresh.length === 0) return [];
    const now = Date.now();
    // Entries that name a carrier in this list ride in its job (dispatch-groups.ts).
    await this.queue.addBulk(
      jobsOf(fresh).map((e) => ({
        name: e.reason,
        data: e,
        opts: {
          jobId: e.id,
          delay: Math.max(0, e.due_at_ms - now),
          attempts: 8,
          backoff: { type: 'exponential', delay: 200 },
          removeOnComplete: { age: 3600, count: 50_000 },
          removeOnFail: { age: 7 * 86_400 },
        },
      })),
    );
    if (opts.fresh) return fresh;
    await execAcrossSlots(
      this.redis,
      fresh.map((e): KeyedCommand => ['sadd', runKeys(e.run_id).nudges, e.id]),
    );
    return fresh;
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/**
 * A BullMQ worker that hands each notification to `handle`; a throw makes BullMQ retry it. Its
 * lock and stall check follow the lease timing (lease-timing.ts): a killed worker's job is
 * re-delivered after about one lease TTL, and the lease protocol makes that second delivery safe
 * (a state that is done or leased is not worked twice).
 */
export function startNotificationWorker(
  connection: RedisClient,
  concurrency: number,
  timing: Pick<LeaseTiming, 'lockDurationMs' | 'stalledIntervalMs'>,
  handle: (e: JobNotifications) => Promise<void>,
): { worker: Worker; close(): Promise<void> } {
  const worker = new Worker(QUEUE_NAME, async (job: Job<JobNotifications>) => handle(job.data), {
    connection,
    prefix: QUEUE_PREFIX,
    concurrency,
    lockDuration: timing.lockDurationMs,
    stalledInterval: timing.stalledIntervalMs,
    maxStalledCount: 10,
  });
  worker.on('error', () => {});
  return {
    worker,
    async close() {
      await worker.close();
    },
  };
}
