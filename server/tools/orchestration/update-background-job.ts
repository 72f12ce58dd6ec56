import { z } from 'zod';
import { checkInterval } from '../../schedules/schedule-limits.ts';
import { checkSchedule, type Schedule } from '../../schedules/schedule-spec.ts';
import { fail, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { findOwnJob, isToolFailure, JOB_STATUSES, jobRef, jsonObject, jsonParam, nextRunIso, statusOf, withJobs } from './orchestration.ts';

/** Companion of spec 5.3: change a job's name, schedule or task payload, keeping its history. */
export const updateBackgroundJobTool = defineTool({
  name: 'update_background_job',
  description:
    'Change a background job (by internal_job_id or job_name): its name (new_job_name), its schedule ' +
    '(exactly one of cron_expression or interval_seconds, under the same rules as schedule_background_job) ' +
    'or the task payload each trigger sends (task_payload_on_trigger_json). What is not given stays; its ' +
    'target, task type, status and run history stay. An enabled job gets its new schedule at once (an ' +
    'interval job then fires once now, as at creation). Only jobs you may manage (else forbidden).',
  readOnly: false,
  input: z.object({
    ...jobRef,
    new_job_name: z.string().min(1).max(200).optional().describe('The new unique name.'),
    cron_expression: z.string().min(1).max(200).optional().describe('The new schedule, e.g. "0 8 * * 1-5". Or interval_seconds.'),
    interval_seconds: z.number().int().min(1).max(31_536_000).optional().describe('The new interval. Or cron_expression.'),
    task_payload_on_trigger_json: z.string().max(100_000).optional().describe('The new JSON object sent as task_payload on each trigger.'),
  }),
  output: z.object({
    internal_job_id: z.string(),
    job_name: z.string(),
    job_status: z.enum(JOB_STATUSES),
    next_run_time_utc_iso: z.string(),
    changed: z.array(z.enum(['job_name', 'schedule', 'task_payload'])),
  }),
  async handler(args, { actor, services }) {
    let schedule: Schedule | undefined;
    if (args.cron_expression !== undefined || args.interval_seconds !== undefined) {
      const check = checkSchedule(args.cron_expression, args.interval_seconds);
      if (!check.ok) return fail('invalid_input', check.message, { parameter: 'cron_expression/interval_seconds' });
      const tooOften = checkInterval(check.schedule, services.config.guards.schedules);
      if (tooOften) return tooOften;
      schedule = check.schedule;
    }
    const payload = jsonParam('task_payload_on_trigger_json', args.task_payload_on_trigger_json, jsonObject);
    if (isToolFailure(payload)) return payload;
    if (args.new_job_name === undefined && !schedule && payload === undefined) {
      return fail('invalid_input', 'nothing to change: give new_job_name, a schedule or task_payload_on_trigger_json');
    }
    return withJobs(services, async (jobs) => {
      const job = await findOwnJob(jobs, actor, args);
      if (isToolFailure(job)) return job;
      const updated = await (
        await jobs.store()
      ).update(job.id, {
        ...(args.new_job_name !== undefined ? { jobName: args.new_job_name } : {}),
        ...(schedule ? { schedule } : {}),
        ...(payload !== undefined ? { taskPayload: payload } : {}),
      });
      if (updated === 'name_taken') return fail('conflict', `a background job named "${args.new_job_name}" already exists`);
      if (!updated) return fail('not_found', `the background job "${job.jobName}" was deleted meanwhile`);
      if (schedule && updated.enabled) {
        await jobs.deactivate(updated.id);
        await jobs.activate(updated);
      }
      const changed = [
        ...(args.new_job_name !== undefined ? (['job_name'] as const) : []),
        ...(schedule ? (['schedule'] as const) : []),
        ...(payload !== undefined ? (['task_payload'] as const) : []),
      ];
      return ok({
        internal_job_id: updated.id,
        job_name: updated.jobName,
        job_status: statusOf(updated),
        next_run_time_utc_iso: await nextRunIso(jobs, updated),
        changed,
      });
    });
  },
});
