import { singleRedis } from '../config-redis.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createUser, type PublicUser } from '../auth/users.ts';
import { auditLog } from '../db/schema/audit.ts';
import { conversations } from '../db/schema/chat.ts';
import { logger } from '../log.ts';
import { BackgroundJobs } from '../schedules/background-jobs.ts';
import { registerBackgroundJobs } from '../schedules/service.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

type Listed = { status: string; jobs: Array<{ internal_job_id: string; job_name: string; owner: { display_name: string } | null }> };

/**
 * The Schedules procedures for compliance managers (server/schedules/job-owner.ts): a manager
 * lists, reads the runs of, pauses, resumes and deletes the jobs they own — including one the
 * Planner scheduled from their chat — and gets FORBIDDEN for anyone else's; admins keep every job.
 */
describe(`schedules.* ownership (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let jobs: BackgroundJobs;
  let redisUrl: string;
  const people = new Map<string, PublicUser>();
  const ids = new Map<string, string>();
  const caller = (who: string) =>
    callerFor(h.db, people.get(who)!, { services: { config: { ...testConfig(), redis: singleRedis(redisUrl) }, db: async () => h.db } })
      .caller;
  const listed = async (who: string) => (await caller(who).schedules.list({})) as Listed;

  beforeAll(async () => {
    h = await createTestDatabase();
    redisUrl = await isolatedRedisUrl();
    jobs = new BackgroundJobs({
      redis: singleRedis(redisUrl),
      db: async () => h.db,
      log: logger(),
      platform: async () => {
        throw new Error('these tests reach no agent');
      },
    });
    registerBackgroundJobs(jobs);
    for (const [key, role] of [
      ['casey', 'compliance_manager'],
      ['morgan', 'compliance_manager'],
      ['avery', 'admin'],
    ] as const) {
      const r = await createUser(h.db, { email: `${key}@schedules.test`, displayName: `${key} name`, role, password: 'x'.repeat(12) });
      if (!r.ok) throw new Error(key);
      people.set(key, r.user);
    }
    // Casey's Planner (her chat's agent) scheduled one job; Morgan scheduled one himself; the system one.
    const planner = `agent-${randomUUID()}`;
    await h.db
      .insert(conversations)
      .values({ id: randomUUID(), userId: people.get('casey')!.id, mode: 'planner', agentId: planner, platform: 'local', title: 'x' });
    const store = await jobs.store();
    for (const [name, createdBy] of [
      ['casey_weekly', { kind: 'agent', id: planner }],
      ['morgan_daily', { kind: 'user', id: people.get('morgan')!.id }],
      ['system_hourly', { kind: 'system', id: 'test' }],
    ] as const) {
      const row = await store.insert({
        jobName: name,
        jobTypeIdentifier: 'PERIODIC_AGENT_TRIGGER',
        schedule: { kind: 'cron', pattern: '0 9 * * 1', timezone: 'Europe/London' },
        targetAgentId: planner,
        taskType: 'PLANNER_REQUEST',
        taskPayload: {},
        enabled: true,
        createdBy,
      });
      await jobs.activate(row!);
      ids.set(name, row!.id);
    }
  });
  afterAll(async () => {
    registerBackgroundJobs(undefined);
    await jobs.close();
    await h.dispose();
  });

  it('a manager lists only their own jobs (one their Planner made included); an admin every job with its owner', async () => {
    const mine = await listed('casey');
    expect(mine.jobs.map((j) => j.job_name)).toEqual(['casey_weekly']);
    expect(mine.jobs[0]!.owner).toMatchObject({ display_name: 'casey name' });
    expect((await listed('morgan')).jobs.map((j) => j.job_name)).toEqual(['morgan_daily']);
    const all = await listed('avery');
    expect(all.jobs.map((j) => [j.job_name, j.owner?.display_name ?? null])).toEqual([
      ['casey_weekly', 'casey name'],
      ['morgan_daily', 'morgan name'],
      ['system_hourly', null],
    ]);
  });

  it("a manager cannot pause, resume, delete or read the runs of another user's job: FORBIDDEN, audited, nothing changes", async () => {
    const theirs = { internal_job_id: ids.get('morgan_daily')! };
    const c = caller('casey');
    await expect(c.schedules.pause(theirs)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(c.schedules.resume(theirs)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(c.schedules.delete(theirs)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(c.schedules.runs(theirs)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(c.schedules.runNow(theirs)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(c.schedules.update({ ...theirs, new_job_name: 'mine_now' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await (await jobs.store()).get(theirs.internal_job_id))?.jobName).toBe('morgan_daily');
    expect(await (await jobs.store()).countRuns(theirs.internal_job_id)).toBe(0);
    await expect(c.schedules.pause({ internal_job_id: ids.get('system_hourly')! })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await jobs.queue.getJobScheduler(theirs.internal_job_id)).toBeDefined();
    expect((await (await jobs.store()).get(theirs.internal_job_id))?.enabled).toBe(true);
    const refusals = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'schedules.pause'), eq(auditLog.actorLabel, 'casey@schedules.test')));
    expect(refusals.map((r) => r.resultStatus)).toEqual(['forbidden', 'forbidden']);
    await expect(c.schedules.runs({ internal_job_id: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a manager pauses, resumes, reads the runs of and deletes their own job; an admin any job', async () => {
    const own = { internal_job_id: ids.get('casey_weekly')! };
    const c = caller('casey');
    expect(await c.schedules.pause(own)).toMatchObject({ status: 'ok', job_status: 'SCHEDULED_BUT_DISABLED' });
    expect(await jobs.queue.getJobScheduler(own.internal_job_id)).toBeUndefined();
    expect(await c.schedules.resume(own)).toMatchObject({ status: 'ok', job_status: 'SCHEDULED_AND_ACTIVE' });
    expect(await c.schedules.runs(own)).toEqual([]);
    expect(await c.schedules.delete(own)).toMatchObject({ status: 'ok', deleted: true });
    expect((await listed('casey')).jobs).toEqual([]);

    const a = caller('avery');
    expect(await a.schedules.pause({ internal_job_id: ids.get('morgan_daily')! })).toMatchObject({ status: 'ok' });
    expect(await a.schedules.runs({ internal_job_id: ids.get('system_hourly')! })).toEqual([]);
    expect(await a.schedules.delete({ internal_job_id: ids.get('system_hourly')! })).toMatchObject({ status: 'ok', deleted: true });
  });
});
