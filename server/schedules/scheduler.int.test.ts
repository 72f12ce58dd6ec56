import { singleRedis } from '../config-redis.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deterministicBrains } from '../agents/brains/select.ts';
import type { LocalAgentPlatform } from '../agents/local/local-platform.ts';
import { eventually, testPlatform } from '../agents/local/testing/platform-harness.ts';
import { dispatchedTasks } from '../db/schema/orchestration.ts';
import { logger } from '../log.ts';
import { readDispatch } from '../orchestration/dispatch-message.ts';
import { answeringBrains } from '../orchestration/testing/answering-brains.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase, isolatedRedisUrl } from '../testing/test-database.ts';
import { BackgroundJobs } from './background-jobs.ts';
import { fireJob, type FireOutcome } from './fire.ts';
import { JobStore } from './job-store.ts';

/**
 * Background jobs really firing (spec 5.3): BullMQ job schedulers on a real Redis, the record in
 * a real database, the tasks dispatched to local agents whose turns take them. A tick is the
 * scheduler's timestamp in the BullMQ job id (`repeat:<job>:<ms>`).
 */
describe('background jobs on BullMQ job schedulers', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let redisUrl: string;
  const seen = answeringBrains();
  const open: Array<{ close(): Promise<void> }> = [];

  const jobsInstance = () => {
    const jobs = new BackgroundJobs({
      redis: singleRedis(redisUrl),
      db: async () => handle.db,
      platform: async () => platform,
      log: logger(),
    });
    open.push(jobs);
    return jobs;
  };
  const tickMs = (tick: string) => Number(tick.split(':').at(-1));
  async function intervalJob(jobs: BackgroundJobs, name: string, seconds = 1) {
    const target = await platform.createAgent({ template: 'worker', name: `target-${name}` });
    const job = (await new JobStore(handle.db).insert({
      jobName: name,
      jobTypeIdentifier: 'PERIODIC_AGENT_TRIGGER',
      schedule: { kind: 'interval', seconds },
      targetAgentId: target.id,
      taskType: 'QA_REVIEW',
      taskPayload: { advisors: 'all' },
      enabled: true,
      createdBy: { kind: 'system', id: 'test' },
    }))!;
    await jobs.activate(job);
    return { job, target };
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    redisUrl = await isolatedRedisUrl();
    platform = testPlatform(handle.db, deterministicBrains(seen.brains), {
      audit: null,
      toolServices: { config: testConfig(), db: async () => handle.db },
      inboxSweepMs: 100,
    });
  });
  afterAll(async () => {
    for (const o of open.reverse()) await o.close().catch(() => {});
    await platform.close();
    await handle.dispose();
  });

  it('an interval job fires every second, each trigger dispatches the task and is recorded, and survives a restart', async () => {
    const first = jobsInstance();
    const { job, target } = await intervalJob(first, 'every-second');
    const fired: FireOutcome[] = [];
    const w1 = first.startWorker({ onFired: (o) => fired.push(o) });
    open.push(w1);
    await eventually(async () => fired.filter((o) => o.outcome === 'DISPATCHED').length >= 2, 10_000);
    const store = new JobStore(handle.db);
    const runs = await store.runs(job.id);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (const run of runs) {
      expect(run.outcome).toBe('DISPATCHED');
      const [d] = await handle.db.select().from(dispatchedTasks).where(eq(dispatchedTasks.id, run.dispatchedTaskId!));
      expect(d).toMatchObject({
        targetAgentId: target.id,
        taskType: 'QA_REVIEW',
        taskPayload: { advisors: 'all' },
        backgroundJobId: job.id,
        dispatcherKind: 'system',
        dispatcherId: 'background-job:every-second',
      });
    }
    // The target's turns take the tasks (same message as dispatch_task_to_agent, plus the job).
    const taken = await eventually(async () => {
      const texts = (seen.seen.get(target.id) ?? []).map(readDispatch).filter((m) => m !== null);
      return texts.length >= 2 ? texts : null;
    });
    expect(taken[0]).toMatchObject({
      type: 'dispatched_task',
      task_type: 'QA_REVIEW',
      task_payload: { advisors: 'all' },
      background_job: { internal_job_id: job.id, job_name: 'every-second' },
    });

    // Restart: worker, queue and connections closed; new ones on the same Redis and database.
    await w1.close();
    await first.close();
    const before = new Set((await store.runs(job.id, 1000)).map((r) => r.tick));
    const second = jobsInstance();
    expect(await second.reconcile()).toEqual({ activated: [], removed: [] });
    const after: FireOutcome[] = [];
    const w2 = second.startWorker({ onFired: (o) => after.push(o) });
    open.push(w2);
    await eventually(async () => after.filter((o) => o.outcome === 'DISPATCHED').length >= 2, 10_000);
    await w2.close();
    const all = await store.runs(job.id, 1000);
    expect(all.filter((r) => !before.has(r.tick)).length).toBeGreaterThanOrEqual(2);
    // Once per tick: distinct ticks, a second apart, never a tick run twice.
    const ticks = all.map((r) => tickMs(r.tick)).sort((a, b) => a - b);
    expect(new Set(ticks).size).toBe(ticks.length);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(after.some((o) => o.outcome === 'SKIPPED')).toBe(false);
    await second.deactivate(job.id);
  });

  it('two workers on one queue fire each tick once', async () => {
    const a = jobsInstance();
    const b = jobsInstance();
    const { job } = await intervalJob(a, 'two-workers');
    const byWorker: Record<'a' | 'b', FireOutcome[]> = { a: [], b: [] };
    const wa = a.startWorker({ onFired: (o) => byWorker.a.push(o) });
    const wb = b.startWorker({ onFired: (o) => byWorker.b.push(o) });
    open.push(wa, wb);
    await new Promise((r) => setTimeout(r, 4_500));
    await a.deactivate(job.id);
    await Promise.all([wa.close(), wb.close()]);
    const outcomes = [...byWorker.a, ...byWorker.b].filter((o) => o.job_id === job.id);
    expect(outcomes.length).toBeGreaterThanOrEqual(4);
    // Every delivery was a fresh tick (BullMQ gave each to one worker), none a duplicate.
    expect(outcomes.every((o) => o.outcome === 'DISPATCHED')).toBe(true);
    const ticks = outcomes.map((o) => tickMs(o.tick));
    expect(new Set(ticks).size).toBe(ticks.length);
    const runs = await new JobStore(handle.db).runs(job.id, 1000);
    expect(runs).toHaveLength(outcomes.length);
    // At most one run per second of wall time, plus the immediate first one.
    expect(runs.length).toBeLessThanOrEqual(6);
  });

  it('a tick delivered twice runs once; paused and deleted jobs do not dispatch; a missing target is a failed run', async () => {
    const jobs = jobsInstance();
    const { job } = await intervalJob(jobs, 'guarded', 3600);
    await jobs.deactivate(job.id);
    const tick = `repeat:${job.id}:1700000000000`;
    const once = await fireJob(jobs, job.id, tick, new Date());
    expect(once.outcome).toBe('DISPATCHED');
    expect(await fireJob(jobs, job.id, tick, new Date())).toEqual({ job_id: job.id, tick, outcome: 'SKIPPED', reason: 'duplicate_tick' });
    const store = new JobStore(handle.db);
    expect(await store.countRuns(job.id)).toBe(1);

    await store.setEnabled(job.id, false);
    expect((await fireJob(jobs, job.id, `${tick}1`, new Date())).outcome).toBe('SKIPPED');
    await store.setEnabled(job.id, true);

    await platform.deleteAgent(job.targetAgentId);
    const failed = await fireJob(jobs, job.id, `repeat:${job.id}:1700000001000`, new Date());
    expect(failed).toMatchObject({ outcome: 'FAILED', error: expect.stringContaining('does not exist') });
    expect((await store.runs(job.id))[0]).toMatchObject({ outcome: 'FAILED', dispatchedTaskId: null });

    await store.delete(job.id);
    expect(await fireJob(jobs, job.id, `repeat:${job.id}:1700000002000`, new Date())).toMatchObject({
      outcome: 'SKIPPED',
      reason: 'deleted',
    });
  });

  it('reconcile brings Redis in line with the table', async () => {
    const jobs = jobsInstance();
    const { job } = await intervalJob(jobs, 'reconciled', 3600);
    await jobs.deactivate(job.id);
    expect((await jobs.reconcile()).activated).toContain(job.id);
    expect(await jobs.queue.getJobScheduler(job.id)).toMatchObject({ every: 3_600_000 });
    await new JobStore(handle.db).setEnabled(job.id, false);
    expect((await jobs.reconcile()).removed).toContain(job.id);
    expect(await jobs.queue.getJobScheduler(job.id)).toBeUndefined();
  });
});
