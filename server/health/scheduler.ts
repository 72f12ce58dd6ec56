import { Queue } from 'bullmq';
import { gte, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { backgroundJobRuns, backgroundJobs } from '../db/schema/orchestration.ts';
import type { RedisClient } from '../redis/connection.ts';
import { SCHEDULES_PREFIX, SCHEDULES_QUEUE } from '../schedules/background-jobs.ts';
import { scheduleOfRow, type Schedule } from '../schedules/schedule-spec.ts';
import { expectedTicks, missedIntervalTicks } from './missed-fires.ts';

/** How long a tick may take to be recorded before it counts as missed or overdue. */
export const TICK_GRACE_MS = 60_000;
/** The window missed fires are counted over. */
export const MISSED_WINDOW_MS = 24 * 3_600_000;

/** One background job as the scheduler's health shows it (server/schedules). */
export interface ScheduledJobHealth {
  id: string;
  name: string;
  enabled: boolean;
  /** The schedule as stored: a cron pattern (with its zone) or an interval. */
  schedule: string;
  /** The BullMQ scheduler's next tick (ISO-8601); null when paused or when Redis has no scheduler for it. */
  nextFireAt: string | null;
  /** Enabled but Redis has no scheduler for it (a flushed Redis; reconciled when a worker starts). */
  noScheduler: boolean;
  /** Its next tick is more than a minute past: no trigger worker is taking the ticks. */
  overdueS: number | null;
  /** Ticks the schedule owed within the window (from when it was last enabled) that have no run. */
  missed: number;
  /** Runs in the window whose trigger failed (or was cut off before its dispatch). */
  failed: number;
  lastFiredAt: string | null;
}

export interface SchedulerHealth {
  windowH: number;
  jobs: ScheduledJobHealth[];
}

/**
 * The time a run's tick stands for: the BullMQ scheduler job's id ends in the tick's timestamp
 * (`repeat:<job id>:<ms>`); a tick recorded otherwise counts at its fire time.
 */
const tickMs = (r: { tick: string; firedAt: Date }) => {
  const ms = Number(r.tick.split(':').at(-1));
  return Number.isFinite(ms) && ms > 0 ? ms : r.firedAt.getTime();
};

const describe = (s: Schedule) => (s.kind === 'cron' ? `cron ${s.pattern} (${s.timezone})` : `every ${s.seconds} s`);

/**
 * Every background job with its next fire and what went wrong in the last day. A missed fire is
 * a tick the schedule owed (since the job was created or last resumed, `updated_at`) with no run
 * row: cron ticks are matched exactly (a run's tick carries the scheduler's timestamp for it),
 * interval ticks by the gaps between the recorded ones (missed-fires.ts).
 */
export async function readScheduler(db: Db, redis: RedisClient, opts: { prefix?: string; now?: Date } = {}): Promise<SchedulerHealth> {
  const now = (opts.now ?? new Date()).getTime();
  const since = new Date(now - MISSED_WINDOW_MS);
  const queue = new Queue(SCHEDULES_QUEUE, { connection: redis, prefix: opts.prefix ?? SCHEDULES_PREFIX });
  try {
    const [jobs, runs, latest, schedulers] = await Promise.all([
      db.select().from(backgroundJobs).orderBy(backgroundJobs.jobName),
      db.select().from(backgroundJobRuns).where(gte(backgroundJobRuns.firedAt, since)),
      db
        .select({ jobId: backgroundJobRuns.jobId, at: max(backgroundJobRuns.firedAt) })
        .from(backgroundJobRuns)
        .groupBy(backgroundJobRuns.jobId),
      queue.getJobSchedulers(0, -1),
    ]);
    const lastFired = new Map(latest.map((r) => [r.jobId, r.at]));
    const nextOf = new Map(schedulers.map((s) => [s.key, s.next ?? null]));
    return {
      windowH: MISSED_WINDOW_MS / 3_600_000,
      jobs: jobs.map((j): ScheduledJobHealth => {
        const schedule = scheduleOfRow(j);
        const mine = runs.filter((r) => r.jobId === j.id);
        const next = j.enabled ? (nextOf.get(j.id) ?? null) : null;
        const from = Math.max(now - MISSED_WINDOW_MS, j.updatedAt.getTime());
        const until = now - TICK_GRACE_MS;
        const ticks = mine.map(tickMs).filter((t) => t >= from && t <= until);
        const missed = !j.enabled
          ? 0
          : schedule.kind === 'cron'
            ? expectedTicks(schedule, from, until).filter((t) => !ticks.includes(t)).length
            : missedIntervalTicks(schedule.seconds * 1000, from, until, ticks);
        return {
          id: j.id,
          name: j.jobName,
          enabled: j.enabled,
          schedule: describe(schedule),
          nextFireAt: next === null ? null : new Date(next).toISOString(),
          noScheduler: j.enabled && !nextOf.has(j.id),
          overdueS: next !== null && next < until ? Math.round((now - next) / 1000) : null,
          missed,
          failed: mine.filter((r) => r.outcome === 'FAILED').length,
          lastFiredAt: lastFired.get(j.id)?.toISOString() ?? null,
        };
      }),
    };
  } finally {
    await queue.close();
  }
}
