import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleRedis } from '../config-redis.ts';
import { backgroundJobRuns, backgroundJobs, type BackgroundJobRow } from '../db/schema/orchestration.ts';
import { logger } from '../log.ts';
import { createRedis } from '../redis/client.ts';
import type { RedisClient } from '../redis/connection.ts';
import { BackgroundJobs } from '../schedules/background-jobs.ts';
import { JobStore } from '../schedules/job-store.ts';
import type { Schedule } from '../schedules/schedule-spec.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { readScheduler } from './scheduler.ts';

/**
 * The scheduler's health from the real tables and real BullMQ job schedulers: next fires, missed
 * fires over the last day (the figures are computed for a fixed `now`; the schedulers' next ticks
 * are BullMQ's own), failures, and an enabled job Redis has no scheduler for.
 */
describe(`scheduler health (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: RedisClient;
  let jobs: BackgroundJobs;
  const prefix = '{dcf-queue-health-scheduler}';
  const now = new Date('2026-06-02T12:00:00Z');
  const hoursAgo = (n: number) => new Date(now.getTime() - n * 3_600_000);

  beforeAll(async () => {
    h = await createTestDatabase();
    const url = await isolatedRedisUrl();
    redis = createRedis(singleRedis(url));
    jobs = new BackgroundJobs({
      redis: singleRedis(url),
      db: async () => h.db,
      platform: () => Promise.reject(new Error('unused')),
      log: logger(),
      prefix,
    });
  });
  afterAll(async () => {
    await jobs.close();
    redis.disconnect();
    await h.dispose();
  });

  async function job(name: string, schedule: Schedule, o: { enabled?: boolean; activate?: boolean } = {}): Promise<BackgroundJobRow> {
    const row = (await new JobStore(h.db).insert({
      jobName: name,
      jobTypeIdentifier: 'PERIODIC_AGENT_TRIGGER',
      schedule,
      targetAgentId: 'agent-1',
      taskType: 'QA_REVIEW',
      taskPayload: {},
      enabled: o.enabled ?? true,
      createdBy: { kind: 'system', id: 'test' },
    }))!;
    // Enabled for longer than the window.
    await h.db
      .update(backgroundJobs)
      .set({ updatedAt: hoursAgo(30) })
      .where(eq(backgroundJobs.id, row.id));
    if (o.activate ?? row.enabled) await jobs.activate(row);
    return row;
  }
  const ran = (row: BackgroundJobRow, tickAt: Date, outcome: 'DISPATCHED' | 'FAILED' = 'DISPATCHED') =>
    h.db.insert(backgroundJobRuns).values({ jobId: row.id, tick: `repeat:${row.id}:${tickAt.getTime()}`, firedAt: tickAt, outcome });

  it('reports each job’s next fire, the ticks it missed in the last day and the runs that failed', async () => {
    const london9 = { kind: 'cron', pattern: '0 9 * * *', timezone: 'Europe/London' } as const;
    // 09:00 in London on 2 June is 08:00 UTC: the one tick the last day owed.
    const kept = await job('a-kept', london9);
    await ran(kept, new Date('2026-06-02T08:00:00Z'));
    await job('b-missed', london9);
    const failing = await job('c-failing', london9);
    await ran(failing, new Date('2026-06-02T08:00:00Z'), 'FAILED');
    // Hourly, with the ticks of 03:00, 04:00 and 05:00 UTC missing.
    const hourly = await job('d-hourly', { kind: 'interval', seconds: 3600 });
    for (let t = 23; t >= 1; t--) if (![9, 8, 7].includes(t)) await ran(hourly, hoursAgo(t));
    await job('e-paused', london9, { enabled: false });
    await job('f-unscheduled', london9, { activate: false });

    const read = await readScheduler(h.db, redis, { prefix, now });
    expect(read.windowH).toBe(24);
    const by = Object.fromEntries(read.jobs.map((j) => [j.name, j]));
    expect(read.jobs.map((j) => j.name)).toEqual(['a-kept', 'b-missed', 'c-failing', 'd-hourly', 'e-paused', 'f-unscheduled']);
    expect(by['a-kept']).toMatchObject({ missed: 0, failed: 0, noScheduler: false, lastFiredAt: '2026-06-02T08:00:00.000Z' });
    expect(by['b-missed']).toMatchObject({ missed: 1, failed: 0, lastFiredAt: null });
    expect(by['c-failing']).toMatchObject({ missed: 0, failed: 1 });
    expect(by['d-hourly']).toMatchObject({ missed: 3, failed: 0, schedule: 'every 3600 s' });
    expect(by['e-paused']).toMatchObject({ enabled: false, nextFireAt: null, missed: 0, noScheduler: false });
    expect(by['f-unscheduled']).toMatchObject({ noScheduler: true, nextFireAt: null });
    // BullMQ's next tick of a daily 09:00 London schedule: a 09:00 in London, after the real now.
    const next = new Date(by['a-kept']!.nextFireAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('09:00');
    expect(by['a-kept']!.schedule).toBe('cron 0 9 * * * (Europe/London)');
  });
});
