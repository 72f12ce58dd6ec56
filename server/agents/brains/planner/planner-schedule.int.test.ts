import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../auth/users.ts';
import { conversations } from '../../../db/schema/chat.ts';
import { logger } from '../../../log.ts';
import { NotificationStore } from '../../../notifications/store.ts';
import { BackgroundJobs } from '../../../schedules/background-jobs.ts';
import { fireJob } from '../../../schedules/fire.ts';
import { registerBackgroundJobs } from '../../../schedules/service.ts';
import { eventually } from '../../local/testing/platform-harness.ts';
import { PlannerScenario } from './testing/scenario-harness.ts';

/**
 * Issue 18's example end to end: a compliance manager asks the Planner in the chat for a weekly
 * QA review of every advisor; the Planner confirms, creates a real background job (BullMQ on
 * Redis, recorded in the database); when the job fires, the request comes back to the Planner as
 * a dispatched task, it reviews every advisor's calls of the previous week with real runs, and
 * the manager gets the answer as a console notification.
 */
describe('a weekly QA review scheduled from the chat', () => {
  let s: PlannerScenario;
  let jobs: BackgroundJobs;
  let userId: string;
  let planner: string;

  beforeAll(async () => {
    s = await PlannerScenario.start({ seed: true });
    jobs = new BackgroundJobs({
      redis: s.h.redis,
      db: async () => s.db.db,
      platform: async () => s.platform,
      log: logger(),
    });
    registerBackgroundJobs(jobs);
    const created = await createUser(s.db.db, {
      email: `cm-${randomUUID()}@example.test`,
      displayName: 'Casey Compliance',
      role: 'compliance_manager',
      password: 'x'.repeat(12),
    });
    if (!created.ok) throw new Error('user');
    userId = created.user.id;
    planner = await s.planner();
    await s.db.db.insert(conversations).values({
      id: randomUUID(),
      userId,
      mode: 'planner',
      agentId: planner,
      platform: 'local',
      title: 'Weekly review',
    });
  }, 120_000);

  afterAll(async () => {
    registerBackgroundJobs(undefined);
    await jobs?.close();
    await s?.close();
  });

  it('confirms, schedules, and when the job fires reviews every advisor and notifies the manager', async () => {
    const asked = await s.say(planner, "Every Monday at 9am, review every advisor's calls from the previous week");
    expect(asked.reply).toMatch(/To schedule: a QA review of every advisor's calls, every Monday at 09:00, UK time\./);
    expect(asked.names).not.toContain('schedule_background_job');

    const yes = await s.say(planner, 'Yes, go ahead');
    expect(yes.names).toContain('schedule_background_job');
    expect(yes.reply).toMatch(/^Scheduled “A QA review of every advisor's calls \(previous week\), every Monday at 09:00”\. Next run: /);

    const store = await jobs.store();
    const [job] = (await store.list()).filter((j) => j.targetAgentId === planner);
    expect(job).toMatchObject({ cronExpression: '0 9 * * 1', taskType: 'PLANNER_REQUEST', enabled: true });

    const fired = await fireJob(jobs, job!.id, `test:${job!.id}:1`, new Date());
    expect(fired.outcome).not.toBe('FAILED');

    const alerts = new NotificationStore(s.db.db);
    const [alert] = await eventually(async () => {
      const inbox = await alerts.inbox(userId, { limit: 5 });
      return inbox.length ? inbox : null;
    }, 90_000);
    expect(alert!.subject).toBe(`Scheduled: ${job!.jobName}`);
    expect(alert!.message).toMatch(/Alex Wong|Priya Shah|Tom Ellis/);

    const history = await s.platform.listMessages(planner, { limit: 200 });
    const calls = history.flatMap((m) => (m.event.message_type === 'tool_call_message' ? [m.event.tool_call.name] : []));
    const afterFire = calls.slice(calls.lastIndexOf('schedule_background_job') + 1);
    expect(afterFire).toContain('start_workflow_run');
    expect(afterFire.at(-1)).toBe('send_notification');
  }, 150_000);
});
