import { describe, expect, it } from 'vitest';
import { registerBackgroundJobs } from '../../schedules/service.ts';
import { orchestrationToolsHarness } from './testing/orchestration-tools-harness.ts';

/**
 * Contract tests of the orchestration tools (agent-memory-and-orchestration-tools.md 5.1–5.3 and
 * the job tools beside them) on the local runtime (orchestration-tools-harness.ts): scheduling, pausing,
 * resuming and deleting background jobs — the next run, the rules a schedule must keep, and the
 * transient queue of the CLI.
 */
describe('the orchestration tools', () => {
  const harness = orchestrationToolsHarness();
  const { call, okCall, failCall } = harness;

  describe('schedule_background_job and the job tools', () => {
    it('schedules by cron (Europe/London) and by interval, enabled or not, with the next run computed', async () => {
      const target = await harness.platform.createAgent({ template: 'worker', name: 'qa-agent' });
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
      expect(await harness.jobs.nextRun(String(weekly.internal_job_id))).toEqual(next);

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
      expect(await harness.jobs.queue.getJobScheduler(String(paused.internal_job_id))).toBeUndefined();

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
        target_agent_label: `Worker ${target.name}`,
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
      const target = await harness.platform.createAgent({ template: 'worker', name: 'qa-agent-2' });
      const job = await okCall('schedule_background_job', {
        job_name: 'hourly',
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        cron_expression: 'CRON_TZ=UTC 0 * * * *',
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'PING',
        task_payload_on_trigger_json: '{}',
      });
      const id = String(job.internal_job_id);
      expect(await harness.jobs.queue.getJobScheduler(id)).toMatchObject({ pattern: '0 * * * *', tz: 'UTC' });
      expect(await okCall('pause_background_job', { job_name: 'hourly' })).toMatchObject({
        internal_job_id: id,
        job_status: 'SCHEDULED_BUT_DISABLED',
      });
      expect(await harness.jobs.queue.getJobScheduler(id)).toBeUndefined();
      const resumed = await okCall('resume_background_job', { internal_job_id: id });
      expect(resumed.job_status).toBe('SCHEDULED_AND_ACTIVE');
      expect(new Date(String(resumed.next_run_time_utc_iso)).getUTCMinutes()).toBe(0);
      expect(await harness.jobs.queue.getJobScheduler(id)).toBeDefined();
      expect(await okCall('delete_background_job', { internal_job_id: id })).toMatchObject({
        job_name: 'hourly',
        deleted: true,
      });
      expect(await harness.jobs.queue.getJobScheduler(id)).toBeUndefined();
      await failCall('pause_background_job', { internal_job_id: id }, 'not_found');
      await failCall('resume_background_job', { job_name: 'hourly' }, 'not_found');
      await failCall('delete_background_job', { internal_job_id: 'not-a-uuid' }, 'not_found');
      await failCall('pause_background_job', {}, 'invalid_input');
      await failCall('pause_background_job', { internal_job_id: id, job_name: 'hourly' }, 'invalid_input');
    });

    it('runs a job once now (a paused one too, which stays paused), recorded in its history', async () => {
      const target = await harness.platform.createAgent({ template: 'worker', name: 'qa-agent-now' });
      const job = await okCall('schedule_background_job', {
        job_name: 'paused_review',
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        cron_expression: '0 9 * * 1',
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'QA_REVIEW',
        task_payload_on_trigger_json: '{"request":"review last week"}',
        enabled_on_create: false,
      });
      const id = String(job.internal_job_id);
      const fired = await okCall('run_background_job_now', { job_name: 'paused_review' });
      expect(fired).toMatchObject({ internal_job_id: id, outcome: 'DISPATCHED', failure: null });
      expect(typeof fired.dispatched_task_id).toBe('string');
      const runs = await (await harness.jobs.store()).runs(id);
      expect(runs.map((r) => [r.tick.startsWith('manual:'), r.outcome, r.dispatchedTaskId])).toEqual([
        [true, 'DISPATCHED', fired.dispatched_task_id],
      ]);
      const listed = (await okCall('list_background_jobs', { job_name: 'paused_review' })).jobs as Array<Record<string, unknown>>;
      expect(listed[0]).toMatchObject({ job_status: 'SCHEDULED_BUT_DISABLED', run_count: 1 });
      expect(await harness.jobs.queue.getJobScheduler(id)).toBeUndefined();
      await failCall('run_background_job_now', { job_name: 'no_such_job' }, 'not_found');
      await failCall('run_background_job_now', {}, 'invalid_input');
    });

    it("changes a job's name, schedule and request; an enabled job's scheduler follows; refusals change nothing", async () => {
      const target = await harness.platform.createAgent({ template: 'worker', name: 'qa-agent-edit' });
      const base = {
        job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
        target_agent_id_on_trigger: target.id,
        task_type_on_trigger: 'QA_REVIEW',
        task_payload_on_trigger_json: '{"request":"review yesterday"}',
      };
      const job = await okCall('schedule_background_job', { ...base, job_name: 'daily_edit', cron_expression: '0 9 * * *' });
      await okCall('schedule_background_job', { ...base, job_name: 'other_edit', cron_expression: '0 10 * * *', enabled_on_create: false });
      const id = String(job.internal_job_id);
      const changed = await okCall('update_background_job', {
        internal_job_id: id,
        new_job_name: 'weekday_edit',
        cron_expression: '30 7 * * 1-5',
        task_payload_on_trigger_json: '{"request":"review yesterday\'s failed calls"}',
      });
      expect(changed).toMatchObject({
        job_name: 'weekday_edit',
        job_status: 'SCHEDULED_AND_ACTIVE',
        changed: ['job_name', 'schedule', 'task_payload'],
      });
      expect(await harness.jobs.queue.getJobScheduler(id)).toMatchObject({ pattern: '30 7 * * 1-5' });
      const london = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
      expect(london.format(new Date(String(changed.next_run_time_utc_iso)))).toBe('07:30');
      const listed = ((await okCall('list_background_jobs', { job_name: 'weekday_edit' })).jobs as Array<Record<string, unknown>>)[0];
      expect(listed).toMatchObject({
        internal_job_id: id,
        schedule_text: 'every weekday at 07:30 (Europe/London)',
        task_payload_on_trigger: { request: "review yesterday's failed calls" },
        target_agent_id_on_trigger: target.id,
      });

      expect(await failCall('update_background_job', { internal_job_id: id, new_job_name: 'other_edit' }, 'conflict')).toMatch(
        /already exists/,
      );
      await failCall('update_background_job', { internal_job_id: id }, 'invalid_input');
      await failCall('update_background_job', { internal_job_id: id, cron_expression: '* * * * *' }, 'invalid_input');
      await failCall(
        'update_background_job',
        { internal_job_id: id, cron_expression: '0 9 * * 1', interval_seconds: 600 },
        'invalid_input',
      );
      await failCall('update_background_job', { internal_job_id: id, task_payload_on_trigger_json: '[1]' }, 'invalid_input');
      await failCall('update_background_job', { job_name: 'daily_edit', new_job_name: 'x' }, 'not_found');
      const after = ((await okCall('list_background_jobs', { job_name: 'weekday_edit' })).jobs as Array<Record<string, unknown>>)[0];
      expect(after).toMatchObject({
        cron_expression: '30 7 * * 1-5',
        task_payload_on_trigger: { request: "review yesterday's failed calls" },
      });
    });

    it('refuses both or neither schedule, bad cron, unknown target, a taken name, bad payloads', async () => {
      const target = await harness.platform.createAgent({ template: 'worker', name: 'qa-agent-3' });
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
      const target = await harness.platform.createAgent({ template: 'worker', name: 'qa-agent-often' });
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

    it('without a registered runtime (the CLI) a call uses a transient queue; without Redis it is unavailable', async () => {
      registerBackgroundJobs(undefined);
      try {
        const list = await okCall('list_background_jobs', { job_name: 'weekly_qa_review' });
        expect(list.count).toBe(1);
        const saved = harness.services;
        harness.services = { ...saved, config: { ...saved.config, redis: undefined } };
        try {
          expect(await failCall('list_background_jobs', {}, 'unavailable')).toMatch(/REDIS_URL/);
        } finally {
          harness.services = saved;
        }
      } finally {
        registerBackgroundJobs(harness.jobs);
      }
    });
  });
});
