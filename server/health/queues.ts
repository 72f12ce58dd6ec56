import { Queue } from 'bullmq';
import type { RedisClient } from '../redis/connection.ts';
import { HEALTH_QUEUE_PREFIX, HEALTH_QUEUES } from './queue-catalog.ts';

/** One BullMQ queue's depths as Settings → Health shows them. */
export interface QueueHealth {
  name: string;
  label: string;
  worksIt: string;
  /** Jobs ready to run and not yet taken (BullMQ `wait` + `prioritized`; a paused queue's jobs wait too). */
  waiting: number;
  active: number;
  /** Jobs due later: Retry back-offs, Wait states, the next tick of a schedule. */
  delayed: number;
  /** Jobs that used up their attempts (kept as the queue's removeOnFail says). */
  failed: number;
  /** Since when the oldest waiting job has been ready to run (ISO-8601), null when none waits. */
  oldestWaitingSince: string | null;
  /** Its age in seconds at the read. */
  oldestWaitingAgeS: number | null;
}

/**
 * Every queue of the catalogue (queue-catalog.ts): its depths and the age of its oldest waiting
 * job. A job is ready from when it was added plus its delay (a delayed job waits only once due).
 * Reads through `redis` (shared, never closed here); `prefix` is for tests' own queues.
 */
export async function readQueues(
  redis: RedisClient,
  opts: { prefix?: string; queues?: ReadonlyArray<{ name: string; label: string; worksIt: string }> } = {},
): Promise<QueueHealth[]> {
  const now = Date.now();
  return Promise.all(
    (opts.queues ?? HEALTH_QUEUES).map(async (q): Promise<QueueHealth> => {
      const queue = new Queue(q.name, { connection: redis, prefix: opts.prefix ?? HEALTH_QUEUE_PREFIX });
      try {
        const [counts, oldest] = await Promise.all([
          queue.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed'),
          queue.getJobs(['wait'], 0, 0, true),
        ]);
        // The oldest of the wait list (prioritized jobs are ordered by priority, not age; the console sets none).
        const readyAt = oldest.filter((j) => j).map((j) => j.timestamp + (j.delay ?? 0));
        const since = readyAt.length ? Math.min(...readyAt) : null;
        return {
          name: q.name,
          label: q.label,
          worksIt: q.worksIt,
          waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          delayed: counts.delayed ?? 0,
          failed: counts.failed ?? 0,
          oldestWaitingSince: since === null ? null : new Date(since).toISOString(),
          oldestWaitingAgeS: since === null ? null : Math.max(0, Math.round((now - since) / 1000)),
        };
      } finally {
        await queue.close();
      }
    }),
  );
}
