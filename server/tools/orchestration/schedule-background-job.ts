import { z } from 'zod';
import { checkInterval, checkOwnerCap } from '../../schedules/schedule-limits.ts';
import { checkSchedule } from '../../schedules/schedule-spec.ts';
import { fail, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { isToolFailure, JOB_STATUSES, jsonObject, jsonParam, nextRunIso, statusOf, withJobs, withPlatform } from './orchestration.ts';

/** agent-memory-and-orchestration-tools.md 5.3 `schedule_background_job` (server/schedules/README.md). */
export const scheduleBackgroundJobTool = defineTool({
  name: 'schedule_background_job',
  description:
    'Schedule a recurring job that dispatches a task to an agent on each trigger (as ' +
    'dispatch_task_to_agent does; every trigger is recorded). Give exactly one of cron_expression (5 ' +
    'fields, or 6 with seconds first; times in Europe/London unless the expression starts with ' +
    '"CRON_TZ=<zone> ") or interval_seconds (an interval job fires once at creation, then every ' +
    'interval); a job may not fire more often than the deployment minimum interval (default every ' +
    '300 s), and an owner may have a limited number of jobs (default 50). job_name must be unique. Stored ' +
    'durably and run by a BullMQ job scheduler: it survives restarts and fires once per tick across ' +
    'processes. enabled_on_create false stores it paused (resume_background_job starts it).',
  readOnly: false,
  input: z.object({
    job_name: z.string().min(1).max(200).describe('Unique, human-readable name, e.g. "weekly_qa_review_all_advisors".'),
    job_type_identifier: z.string().min(1).max(200).describe('Kind of job, e.g. "PERIODIC_AGENT_TRIGGER".'),
    cron_expression: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('e.g. "0 9 * * 1" (Mondays 09:00 London time). Either this or interval_seconds.'),
    interval_seconds: z
      .number()
      .int()
      .min(1)
      .max(31_536_000)
      .optional()
      .describe('e.g. 300 for every 5 minutes. Either this or cron_expression.'),
    target_agent_id_on_trigger: z.string().min(1).max(200),
    task_type_on_trigger: z.string().min(1).max(200),
    task_payload_on_trigger_json: z.string().max(100_000).describe('JSON object sent as task_payload on each trigger.'),
    enabled_on_create: z.boolean().default(true),
  }),
  output: z.object({
    internal_job_id: z.string(),
    job_name: z.string(),
    job_status: z.enum(JOB_STATUSES).describe("The spec's status attribute (the envelope has its own status)."),
    next_run_time_utc_iso: z.string(),
  }),
  async handler(args, { actor, services }) {
    const check = checkSchedule(args.cron_expression, args.interval_seconds);
    if (!check.ok) return fail('invalid_input', check.message, { parameter: 'cron_expression/interval_seconds' });
    const tooOften = checkInterval(check.schedule, services.config.guards.schedules);
    if (tooOften) return tooOften;
    const payload = jsonParam('task_payload_on_trigger_json', args.task_payload_on_trigger_json, jsonObject);
    if (isToolFailure(payload)) return payload;
    const target = await withPlatform(services, async (platform) => (await platform.getAgent(args.target_agent_id_on_trigger)) !== null);
    if (isToolFailure(target)) return target;
    if (!target) return fail('not_found', `no agent ${args.target_agent_id_on_trigger}`);
    return withJobs(services, async (jobs) => {
      const store = await jobs.store();
      const capped = await checkOwnerCap(store, actor, services.config.guards.schedules);
      if (capped) return capped;
      const job = await store.insert({
        jobName: args.job_name,
        jobTypeIdentifier: args.job_type_identifier,
        schedule: check.schedule,
        targetAgentId: args.target_agent_id_on_trigger,
        taskType: args.task_type_on_trigger,
        taskPayload: payload ?? {},
        enabled: args.enabled_on_create,
        createdBy: { kind: actor.kind, id: actor.id },
      });
      if (!job) return fail('conflict', `a background job named "${args.job_name}" already exists`);
      if (job.enabled) {
        try {
          await jobs.activate(job);
        } catch (err) {
          await store.delete(job.id);
          return fail('unavailable', `cannot create the job's scheduler in Redis: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return ok({
        internal_job_id: job.id,
        job_name: job.jobName,
        job_status: statusOf(job),
        next_run_time_utc_iso: await nextRunIso(jobs, job),
      });
    });
  },
});
