import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deterministicBrains } from '../../agents/brains/select.ts';
import type { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import { eventually, testPlatform } from '../../agents/local/testing/platform-harness.ts';
import { systemActor, type Actor } from '../../audit/actor.ts';
import { createUser, type PublicUser } from '../../auth/users.ts';
import { conversations } from '../../db/schema/chat.ts';
import { getDispatch, refreshDispatch } from '../../orchestration/dispatch.ts';
import { answeringBrains } from '../../orchestration/testing/answering-brains.ts';
import { BackgroundJobs } from '../../schedules/background-jobs.ts';
import { registerBackgroundJobs } from '../../schedules/service.ts';
import { logger } from '../../log.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase, isolatedRedisUrl } from '../../testing/test-database.ts';
import type { ToolServices } from '../context.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/**
 * Contract tests of the orchestration tools (agent-memory-and-orchestration-tools.md 5.1–5.3 and
 * the job tools beside them): exactly the spec's output fields, the error envelope for bad JSON,
 * unknown templates and agents and broken rules; on the local runtime with agents whose brains
 * answer, so dispatches are really delivered, acknowledged and answered.
 */
const SPEC_FIELDS: Record<string, string[]> = {
  create_new_agent_instance: ['agent_id', 'agent_type_template', 'agent_name_label', 'instance_status'],
  dispatch_task_to_agent: ['target_agent_id', 'dispatched_task_id', 'dispatch_status'],
  schedule_background_job: ['internal_job_id', 'job_name', 'job_status', 'next_run_time_utc_iso'],
  list_background_jobs: ['jobs', 'count'],
  pause_background_job: ['internal_job_id', 'job_name', 'job_status'],
  resume_background_job: ['internal_job_id', 'job_name', 'job_status', 'next_run_time_utc_iso'],
  delete_background_job: ['internal_job_id', 'job_name', 'deleted'],
};

describe('the orchestration tools', () => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let services: ToolServices;
  let jobs: BackgroundJobs;
  const system = systemActor('test');
  const call = async (name: string, args: Record<string, unknown>, actor: Actor = system) =>
    (await invokeTool(findTool(name)!, args, { actor, services })) as Record<string, unknown>;
  const okCall = async (name: string, args: Record<string, unknown>, actor: Actor = system) => {
    const r = await call(name, args, actor);
    if (r.status !== 'ok') throw new Error(`${name}: ${String(r.error)}`);
    expect(Object.keys(r).sort(), name).toEqual(['status', 'error', ...SPEC_FIELDS[name]!].sort());
    return r;
  };
  const failCall = async (name: string, args: Record<string, unknown>, code: string, actor: Actor = system) => {
    const r = await call(name, args, actor);
    expect(r.status, `${name} ${JSON.stringify(args)}`).toBe('error');
    expect(r.error_code).toBe(code);
    return String(r.error);
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    const redisUrl = await isolatedRedisUrl();
    services = { config: { ...testConfig(), redisUrl }, db: async () => handle.db };
    platform = testPlatform(handle.db, deterministicBrains(answeringBrains().brains), {
      audit: null,
      toolServices: services,
      inboxSweepMs: 100,
    });
    services.agents = async () => platform;
    // No worker here: these tests schedule and read; scheduler.int.test.ts fires.
    jobs = new BackgroundJobs({ redisUrl, db: services.db!, platform: services.agents, log: logger() });
    registerBackgroundJobs(jobs);
  });
  afterAll(async () => {
    registerBackgroundJobs(undefined);
    await jobs.close();
    await platform.close();
    await handle.dispose();
  });

  describe('create_new_agent_instance', () => {
    it('creates from a template by name and by name@version, stores the config in memory, starts it or not', async () => {
      const r = await okCall('create_new_agent_instance', {
        agent_type_template: 'worker',
        agent_name_label: 'QA reviewer',
        initial_config_json: '{"advisors":"all","threshold":0.8}',
      });
      expect(r).toMatchObject({
        agent_type_template: 'worker@1.0.0',
        agent_name_label: 'QA reviewer',
        instance_status: 'RUNNING',
      });
      const id = String(r.agent_id);
      const agent = await platform.getAgent(id);
      expect(agent?.name).toBe('QA reviewer');
      expect(agent?.tags).toEqual(expect.arrayContaining(['orchestrated', 'template:worker', 'instance-status:running']));
      const block = (await platform.listAgentBlocks(id)).find((b) => b.label === 'initial_config');
      expect(JSON.parse(block!.value)).toEqual({ advisors: 'all', threshold: 0.8 });
      // Started: its first turn is the start message, delivered through the inbox.
      await eventually(async () =>
        (await platform.listMessages(id)).some(
          (m) => m.event.message_type === 'user_message' && m.event.content.includes('"type":"agent_instance_started"'),
        ),
      );

      const idle = await okCall('create_new_agent_instance', {
        agent_type_template: 'worker@1.0.0',
        agent_name_label: 'idle one',
        initial_config_json: '{}',
        start_immediately: false,
      });
      expect(idle.instance_status).toBe('INITIALIZED');
      await new Promise((r) => setTimeout(r, 300));
      expect(await platform.listMessages(String(idle.agent_id))).toEqual([]);
    });

    it('refuses unknown templates (listing the available ones), wrong versions and config that is not a JSON object', async () => {
      const unknown = await failCall(
        'create_new_agent_instance',
        { agent_type_template: 'AnalystAgent_LTECS_v1', agent_name_label: 'x', initial_config_json: '{}' },
        'not_found',
      );
      expect(unknown).toMatch(/available: .*worker@1\.0\.0/);
      expect(unknown).toMatch(/planner@/);
      await failCall(
        'create_new_agent_instance',
        { agent_type_template: 'worker@9.9.9', agent_name_label: 'x', initial_config_json: '{}' },
        'not_found',
      );
      expect(
        await failCall(
          'create_new_agent_instance',
          { agent_type_template: 'worker', agent_name_label: 'x', initial_config_json: '[1,2]' },
          'invalid_input',
        ),
      ).toMatch(/initial_config_json/);
      expect(
        await failCall(
          'create_new_agent_instance',
          { agent_type_template: 'worker', agent_name_label: 'x', initial_config_json: '{nope' },
          'invalid_input',
        ),
      ).toMatch(/not valid JSON/);
      await failCall('create_new_agent_instance', { agent_type_template: 'worker', initial_config_json: '{}' }, 'invalid_input');
      await failCall(
        'create_new_agent_instance',
        { agent_type_template: 'worker', agent_name_label: 'x', initial_config_json: '{}', start_immediately: 'yes' },
        'invalid_input',
      );
    });
  });

  describe('dispatch_task_to_agent', () => {
    it('queues durably, is acknowledged once the target takes it, and routes the reply back to the dispatching agent', async () => {
      const target = await platform.createAgent({ template: 'worker', name: 'target' });
      const soa = await platform.createAgent({ template: 'planner', name: 'orchestrator' });
      const asSoa: Actor = { kind: 'agent', id: soa.id, label: 'orchestrator' };
      const r = await okCall(
        'dispatch_task_to_agent',
        {
          target_agent_id: target.id,
          task_type: 'QA_REVIEW',
          task_payload_json: '{"advisor":"all"}',
          reply_expected: true,
        },
        asSoa,
      );
      expect(r).toMatchObject({ target_agent_id: target.id, dispatch_status: 'QUEUED_FOR_DELIVERY' });
      const id = String(r.dispatched_task_id);
      const row = await getDispatch(handle.db, id);
      expect(row).toMatchObject({
        targetAgentId: target.id,
        dispatcherKind: 'agent',
        dispatcherId: soa.id,
        taskType: 'QA_REVIEW',
        taskPayload: { advisor: 'all' },
        replyExpected: true,
      });

      // The target's turn takes it and answers; refreshing records both and sends the reply to the dispatcher.
      const done = await eventually(async () => {
        const now = await refreshDispatch(platform, handle.db, (await getDispatch(handle.db, id))!);
        return now.replyAt ? now : null;
      });
      expect(done.status).toBe('DELIVERY_ACKNOWLEDGED');
      expect(done.acknowledgedAt).not.toBeNull();
      expect(done.replyText).toBe(`done QA_REVIEW ${id}`);
      expect(done.replyRoutedTo).toBe(soa.id);
      const delivered = await eventually(async () =>
        (await platform.listMessages(soa.id)).find(
          (m) => m.event.message_type === 'user_message' && m.event.content.includes('"type":"dispatched_task_reply"'),
        ),
      );
      const content = (delivered.event as { content: string }).content;
      expect(content).toContain(`"dispatched_task_id":"${id}"`);
      expect(content).toContain(`"reply_text":"done QA_REVIEW ${id}"`);
      // A second refresh does not route it again.
      await refreshDispatch(platform, handle.db, (await getDispatch(handle.db, id))!);
      await new Promise((r) => setTimeout(r, 300));
      const replies = (await platform.listMessages(soa.id)).filter(
        (m) => m.event.message_type === 'user_message' && m.event.content.includes('dispatched_task_reply'),
      );
      expect(replies).toHaveLength(1);
    });

    it('a user dispatcher finds the reply recorded on the dispatch; without reply_expected nothing is routed', async () => {
      const target = await platform.createAgent({ template: 'worker', name: 'target-2' });
      const user: Actor = { kind: 'user', id: '00000000-0000-4000-8000-000000000001', label: 'admin', role: 'admin' };
      const r = await okCall(
        'dispatch_task_to_agent',
        { target_agent_id: target.id, task_type: 'PING', task_payload_json: '{}', reply_expected: true },
        user,
      );
      const id = String(r.dispatched_task_id);
      const done = await eventually(async () => {
        const now = await refreshDispatch(platform, handle.db, (await getDispatch(handle.db, id))!);
        return now.replyAt ? now : null;
      });
      expect(done).toMatchObject({ replyText: `done PING ${id}`, replyRoutedTo: null, dispatcherKind: 'user' });

      const quiet = await okCall('dispatch_task_to_agent', {
        target_agent_id: target.id,
        task_type: 'FYI',
        task_payload_json: '{"a":1}',
      });
      const qid = String(quiet.dispatched_task_id);
      const acked = await eventually(async () => {
        const now = await refreshDispatch(platform, handle.db, (await getDispatch(handle.db, qid))!);
        return now.status === 'DELIVERY_ACKNOWLEDGED' ? now : null;
      });
      expect(acked.replyText).toBeNull();
    });

    it('refuses an unknown target and a payload that is not a JSON object', async () => {
      await failCall('dispatch_task_to_agent', { target_agent_id: 'agent-nope', task_type: 'X', task_payload_json: '{}' }, 'not_found');
      const target = await platform.createAgent({ template: 'worker', name: 'target-3' });
      await failCall(
        'dispatch_task_to_agent',
        { target_agent_id: target.id, task_type: 'X', task_payload_json: '"text"' },
        'invalid_input',
      );
      await failCall('dispatch_task_to_agent', { target_agent_id: target.id, task_type: '', task_payload_json: '{}' }, 'invalid_input');
      await failCall('dispatch_task_to_agent', { target_agent_id: target.id, task_type: 'X' }, 'invalid_input');
    });
  });

  describe('schedule_background_job and the job tools', () => {
    it('schedules by cron (Europe/London) and by interval, enabled or not, with the next run computed', async () => {
      const target = await platform.createAgent({ template: 'worker', name: 'qa-agent' });
      const weekly = await okCall('schedule_background_job', {
        job_name: 'weekly_qa_review',
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        cron_expression: '0 9 * * 1',
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'QA_REVIEW',
        task_payload_on_trigger_json: '{"advisors":"all"}',
      });
      expect(weekly).toMatchObject({ job_name: 'weekly_qa_review', job_status: 'SCHEDULED_AND_ACTIVE' });
      const next = new Date(String(weekly.next_run_time_utc_iso));
      // A Monday at 09:00 London time.
      const london = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(next);
      expect(london).toBe('Monday 09:00');
      expect(await jobs.nextRun(String(weekly.internal_job_id))).toEqual(next);

      const paused = await okCall('schedule_background_job', {
        job_name: 'paused_ping',
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        interval_seconds: 600,
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'PING',
        task_payload_on_trigger_json: '{}',
        enabled_on_create: false,
      });
      expect(paused.job_status).toBe('SCHEDULED_BUT_DISABLED');
      expect(Number.isNaN(Date.parse(String(paused.next_run_time_utc_iso)))).toBe(false);
      expect(await jobs.queue.getJobScheduler(String(paused.internal_job_id))).toBeUndefined();

      const list = await okCall('list_background_jobs', {});
      const byName = new Map((list.jobs as Array<Record<string, unknown>>).map((j) => [j.job_name, j]));
      // The next Monday 09:00 after the job was made (by its own record's time), not a later one.
      const made = Date.parse(String(byName.get('weekly_qa_review')!.created_at));
      expect(next.getTime()).toBeGreaterThan(made);
      expect(next.getTime() - made).toBeLessThanOrEqual(7 * 86_400_000);
      expect(byName.get('weekly_qa_review')).toMatchObject({
        cron_expression: '0 9 * * 1',
        timezone: 'Europe/London',
        interval_seconds: null,
        schedule_text: 'every Monday at 09:00 (Europe/London)',
        target_agent_id_on_trigger: target.id,
        target_agent_name: target.name,
        task_type_on_trigger: 'QA_REVIEW',
        task_payload_on_trigger: { advisors: 'all' },
        job_status: 'SCHEDULED_AND_ACTIVE',
        next_run_time_utc_iso: next.toISOString(),
        last_run: null,
        run_count: 0,
        created_by: 'system:test',
      });
      expect(byName.get('paused_ping')).toMatchObject({
        interval_seconds: 600,
        schedule_text: 'every 10 minutes',
        job_status: 'SCHEDULED_BUT_DISABLED',
        next_run_time_utc_iso: null,
      });
      expect((await okCall('list_background_jobs', { job_name: 'paused_ping' })).count).toBe(1);
    });

    it('pauses, resumes and deletes by id or name; the scheduler follows', async () => {
      const target = await platform.createAgent({ template: 'worker', name: 'qa-agent-2' });
      const job = await okCall('schedule_background_job', {
        job_name: 'hourly',
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        cron_expression: 'CRON_TZ=UTC 0 * * * *',
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'PING',
        task_payload_on_trigger_json: '{}',
      });
      const id = String(job.internal_job_id);
      expect(await jobs.queue.getJobScheduler(id)).toMatchObject({ pattern: '0 * * * *', tz: 'UTC' });
      expect(await okCall('pause_background_job', { job_name: 'hourly' })).toMatchObject({
        internal_job_id: id,
        job_status: 'SCHEDULED_BUT_DISABLED',
      });
      expect(await jobs.queue.getJobScheduler(id)).toBeUndefined();
      const resumed = await okCall('resume_background_job', { internal_job_id: id });
      expect(resumed.job_status).toBe('SCHEDULED_AND_ACTIVE');
      expect(new Date(String(resumed.next_run_time_utc_iso)).getUTCMinutes()).toBe(0);
      expect(await jobs.queue.getJobScheduler(id)).toBeDefined();
      expect(await okCall('delete_background_job', { internal_job_id: id })).toMatchObject({
        job_name: 'hourly',
        deleted: true,
      });
      expect(await jobs.queue.getJobScheduler(id)).toBeUndefined();
      await failCall('pause_background_job', { internal_job_id: id }, 'not_found');
      await failCall('resume_background_job', { job_name: 'hourly' }, 'not_found');
      await failCall('delete_background_job', { internal_job_id: 'not-a-uuid' }, 'not_found');
      await failCall('pause_background_job', {}, 'invalid_input');
      await failCall('pause_background_job', { internal_job_id: id, job_name: 'hourly' }, 'invalid_input');
    });

    it('refuses both or neither schedule, bad cron, unknown target, a taken name, bad payloads', async () => {
      const target = await platform.createAgent({ template: 'worker', name: 'qa-agent-3' });
      const base = {
        job_name: 'j',
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'T',
        task_payload_on_trigger_json: '{}',
      };
      expect(await failCall('schedule_background_job', base, 'invalid_input')).toBe('give one of cron_expression or interval_seconds');
      expect(
        await failCall('schedule_background_job', { ...base, cron_expression: '* * * * *', interval_seconds: 5 }, 'invalid_input'),
      ).toMatch(/not both/);
      expect(await failCall('schedule_background_job', { ...base, cron_expression: '99 * * * *' }, 'invalid_input')).toMatch(/not valid/);
      expect(await failCall('schedule_background_job', { ...base, cron_expression: 'every monday' }, 'invalid_input')).toMatch(/5 fields/);
      await failCall('schedule_background_job', { ...base, interval_seconds: 0 }, 'invalid_input');
      await failCall('schedule_background_job', { ...base, interval_seconds: 2.5 }, 'invalid_input');
      await failCall('schedule_background_job', { ...base, interval_seconds: 600, task_payload_on_trigger_json: '[]' }, 'invalid_input');
      await failCall(
        'schedule_background_job',
        { ...base, interval_seconds: 600, target_agent_id_on_trigger: 'agent-missing' },
        'not_found',
      );
      await okCall('schedule_background_job', {
        ...base,
        job_name: 'taken',
        interval_seconds: 3600,
        enabled_on_create: false,
      });
      expect(await failCall('schedule_background_job', { ...base, job_name: 'taken', interval_seconds: 600 }, 'conflict')).toMatch(
        /already exists/,
      );
      const list = await okCall('list_background_jobs', { job_name: 'j' });
      expect(list.count).toBe(0);
    });

    it('refuses schedules that fire more often than DCF_SCHEDULE_MIN_INTERVAL_S (300 s), by their smallest gap', async () => {
      const target = await platform.createAgent({ template: 'worker', name: 'qa-agent-often' });
      const base = {
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'T',
        task_payload_on_trigger_json: '{}',
        enabled_on_create: false,
      };
      const tooOften: Array<[Record<string, unknown>, number]> = [
        [{ cron_expression: '* * * * * *' }, 1], // every second
        [{ cron_expression: '* * * * *' }, 60], // every minute
        [{ cron_expression: '0,1 9 * * 1' }, 60], // twice a minute apart, weekly
        [{ cron_expression: '0 0,59 0,2 * * *' }, 60], // 00:59 to 02:00 when the clocks go forward
        [{ interval_seconds: 1 }, 1],
        [{ interval_seconds: 299 }, 299],
      ];
      for (const [schedule, gap] of tooOften) {
        const r = await call('schedule_background_job', { ...base, job_name: `often_${gap}`, ...schedule });
        expect(r, JSON.stringify(schedule)).toMatchObject({
          status: 'error',
          error_code: 'invalid_input',
          error: expect.stringMatching(/at most once every 300 s \(DCF_SCHEDULE_MIN_INTERVAL_S\)/),
          details: { smallest_gap_seconds: gap, minimum_interval_seconds: 300 },
        });
      }
      const allowed = [{ interval_seconds: 300 }, { cron_expression: '*/5 * * * *' }, { cron_expression: '0 9 * * 1' }];
      for (const [i, schedule] of allowed.entries()) {
        await okCall('schedule_background_job', { ...base, job_name: `often_ok_${i}`, ...schedule });
      }
      expect(
        ((await okCall('list_background_jobs', {})).jobs as Array<{ job_name: string }>)
          .filter((j) => j.job_name.startsWith('often_'))
          .map((j) => j.job_name)
          .sort(),
      ).toEqual(['often_ok_0', 'often_ok_1', 'often_ok_2']);
    });

    describe('ownership (server/schedules/job-owner.ts)', () => {
      const people = new Map<string, PublicUser>();
      const asUser = (u: PublicUser): Actor => ({ kind: 'user', id: u.id, label: u.email, role: u.role });
      const asAgent = (id: string): Actor => ({ kind: 'agent', id, label: id });
      const agentsOf = new Map<string, string>();
      let target: string;
      const schedule = (name: string, actor: Actor) =>
        okCall(
          'schedule_background_job',
          {
            job_name: name,
            job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
            cron_expression: '0 9 * * 1',
            target_agent_id_on_trigger: target,
            task_type_on_trigger: 'QA_REVIEW',
            task_payload_on_trigger_json: '{}',
          },
          actor,
        );
      const names = async (actor: Actor) =>
        ((await okCall('list_background_jobs', {}, actor)).jobs as Array<{ job_name: string }>).map((j) => j.job_name).sort();

      beforeAll(async () => {
        for (const [key, role] of [
          ['casey', 'compliance_manager'],
          ['morgan', 'compliance_manager'],
          ['avery', 'admin'],
        ] as const) {
          const r = await createUser(handle.db, {
            email: `${key}-${randomUUID()}@owner.test`,
            displayName: key,
            role,
            password: 'x'.repeat(12),
          });
          if (!r.ok) throw new Error(key);
          people.set(key, r.user);
        }
        // Each manager's Planner serves their chat (how notifications find an agent's user, too).
        for (const [agent, user] of [
          ['casey-planner', 'casey'],
          ['casey-other', 'casey'],
          ['morgan-planner', 'morgan'],
        ] as const) {
          const a = await platform.createAgent({ template: 'planner', name: agent });
          agentsOf.set(agent, a.id);
          await handle.db.insert(conversations).values({
            id: randomUUID(),
            userId: people.get(user)!.id,
            mode: 'planner',
            agentId: a.id,
            platform: 'local',
            title: agent,
          });
        }
        agentsOf.set('orphan', (await platform.createAgent({ template: 'worker', name: 'orphan' })).id);
        target = (await platform.createAgent({ template: 'worker', name: 'owned-target' })).id;
        await schedule('casey_weekly', asAgent(agentsOf.get('casey-planner')!));
        await schedule('morgan_own', asUser(people.get('morgan')!));
        await schedule('orphan_job', asAgent(agentsOf.get('orphan')!));
      });

      it('a job belongs to its user creator, or to the user behind its agent creator; list shows it', async () => {
        const all = (await okCall('list_background_jobs', {})).jobs as Array<{ job_name: string; owner: unknown }>;
        const owner = (name: string) => all.find((j) => j.job_name === name)!.owner;
        const casey = people.get('casey')!;
        expect(owner('casey_weekly')).toEqual({ user_id: casey.id, display_name: 'casey', email: casey.email });
        expect(owner('morgan_own')).toMatchObject({ user_id: people.get('morgan')!.id });
        expect(owner('orphan_job')).toBeNull();
        expect(owner('weekly_qa_review')).toBeNull(); // scheduled by the system
      });

      it('agents manage the jobs they created or that belong to their user; others are forbidden', async () => {
        const morganPlanner = asAgent(agentsOf.get('morgan-planner')!);
        for (const tool of ['pause_background_job', 'resume_background_job', 'delete_background_job']) {
          expect(await failCall(tool, { job_name: 'casey_weekly' }, 'forbidden', morganPlanner)).toMatch(/belongs to casey/);
        }
        const refused = await call('pause_background_job', { job_name: 'casey_weekly' }, morganPlanner);
        expect(refused.details).toMatchObject({ job_name: 'casey_weekly', owner_user_id: people.get('casey')!.id });
        const [job] = (await okCall('list_background_jobs', { job_name: 'casey_weekly' })).jobs as Array<{
          internal_job_id: string;
        }>;
        const id = job!.internal_job_id;
        // Still scheduled: the refusals changed nothing.
        expect(await jobs.queue.getJobScheduler(id)).toBeDefined();
        await failCall('pause_background_job', { job_name: 'casey_weekly' }, 'forbidden', asAgent(agentsOf.get('orphan')!));

        // Another agent of the same user, and the creator itself.
        const other = asAgent(agentsOf.get('casey-other')!);
        expect(await okCall('pause_background_job', { internal_job_id: id }, other)).toMatchObject({
          job_status: 'SCHEDULED_BUT_DISABLED',
        });
        expect(await jobs.queue.getJobScheduler(id)).toBeUndefined();
        await okCall('resume_background_job', { job_name: 'casey_weekly' }, asAgent(agentsOf.get('casey-planner')!));
        // An agent working for nobody manages only what it created; nobody else's agent may touch that.
        await okCall('pause_background_job', { job_name: 'orphan_job' }, asAgent(agentsOf.get('orphan')!));
        await failCall('resume_background_job', { job_name: 'orphan_job' }, 'forbidden', other);
      });

      it("users manage their own jobs, admins and the system any; list shows the caller's jobs only", async () => {
        const casey = asUser(people.get('casey')!);
        await failCall('pause_background_job', { job_name: 'morgan_own' }, 'forbidden', casey);
        await failCall('delete_background_job', { job_name: 'orphan_job' }, 'forbidden', casey);
        await failCall('pause_background_job', { job_name: 'weekly_qa_review' }, 'forbidden', casey);
        await okCall('pause_background_job', { job_name: 'casey_weekly' }, casey);
        await okCall('resume_background_job', { job_name: 'casey_weekly' }, casey);
        await okCall('pause_background_job', { job_name: 'morgan_own' }, asUser(people.get('avery')!));
        await okCall('resume_background_job', { job_name: 'morgan_own' }, system);

        expect(await names(casey)).toEqual(['casey_weekly']);
        expect(await names(asAgent(agentsOf.get('casey-other')!))).toEqual(['casey_weekly']);
        expect(await names(asAgent(agentsOf.get('morgan-planner')!))).toEqual(['morgan_own']);
        expect(await names(asAgent(agentsOf.get('orphan')!))).toEqual(['orphan_job']);
        expect((await okCall('list_background_jobs', { job_name: 'morgan_own' }, casey)).count).toBe(0);
        const everyone = await names(asUser(people.get('avery')!));
        expect(everyone).toEqual(expect.arrayContaining(['casey_weekly', 'morgan_own', 'orphan_job', 'weekly_qa_review']));
        expect(await names(system)).toEqual(everyone);

        await okCall('delete_background_job', { job_name: 'casey_weekly' }, casey);
        expect(await names(casey)).toEqual([]);
      });

      it('caps the jobs of one owner (DCF_SCHEDULE_MAX_PER_OWNER): a user and their agents together; not the system', async () => {
        const saved = services;
        const guards = { ...saved.config.guards, schedules: { minIntervalS: 300, maxPerOwner: 3 } };
        services = { ...saved, config: { ...saved.config, guards } };
        try {
          const morgan = asUser(people.get('morgan')!);
          const planner = asAgent(agentsOf.get('morgan-planner')!);
          // morgan_own is one; the Planner of Morgan's chat adds one for Morgan, Morgan a third.
          await schedule('morgan_2', planner);
          await schedule('morgan_3', morgan);
          for (const actor of [morgan, planner]) {
            const r = await call(
              'schedule_background_job',
              {
                job_name: 'morgan_4',
                job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
                cron_expression: '0 9 * * 1',
                target_agent_id_on_trigger: target,
                task_type_on_trigger: 'QA_REVIEW',
                task_payload_on_trigger_json: '{}',
              },
              actor,
            );
            expect(r).toMatchObject({
              status: 'error',
              error_code: 'limit_exceeded',
              error: expect.stringMatching(/already has 3 background jobs.*DCF_SCHEDULE_MAX_PER_OWNER = 3/),
              details: { max_jobs_per_owner: 3, jobs: 3 },
            });
          }
          // Other owners are not affected, the system is never capped; a deleted job frees a place.
          await schedule('casey_again', asUser(people.get('casey')!));
          await schedule('orphan_2', asAgent(agentsOf.get('orphan')!));
          for (const n of [1, 2, 3]) await schedule(`system_${n}`, system);
          await okCall('delete_background_job', { job_name: 'morgan_3' }, morgan);
          await schedule('morgan_4', planner);
        } finally {
          services = saved;
        }
      });
    });

    it('without a registered runtime (the CLI) a call uses a transient queue; without Redis it is unavailable', async () => {
      registerBackgroundJobs(undefined);
      try {
        const list = await okCall('list_background_jobs', { job_name: 'weekly_qa_review' });
        expect(list.count).toBe(1);
        const saved = services;
        services = { ...saved, config: { ...saved.config, redisUrl: undefined } };
        try {
          expect(await failCall('list_background_jobs', {}, 'unavailable')).toMatch(/REDIS_URL/);
        } finally {
          services = saved;
        }
      } finally {
        registerBackgroundJobs(jobs);
      }
    });
  });
});
