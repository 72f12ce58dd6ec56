import { z } from 'zod';

/**
 * A background job as list_background_jobs and the Schedules page show it (built by
 * server/schedules/job-view.ts): the tool's output schema and the page's type are the same shape.
 */

/** One trigger of a job. */
export const jobRunSchema = z.object({
  fired_at: z.string(),
  outcome: z.enum(['DISPATCHED', 'FAILED']),
  dispatched_task_id: z.string().nullable(),
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** The console user a job belongs to (server/schedules/job-owner.ts). */
export const jobOwnerSchema = z.object({ user_id: z.string(), display_name: z.string(), email: z.string() });
export type JobOwner = z.infer<typeof jobOwnerSchema>;

/** A background job as list_background_jobs and the Schedules page show it. */
export const jobViewSchema = z.object({
  internal_job_id: z.string(),
  job_name: z.string(),
  job_type_identifier: z.string(),
  cron_expression: z.string().nullable(),
  timezone: z.string().nullable().describe('The zone of cron_expression (null for interval jobs).'),
  interval_seconds: z.number().nullable(),
  schedule_text: z.string().describe('The schedule in words, e.g. "every Monday at 09:00 (Europe/London)".'),
  target_agent_id_on_trigger: z.string(),
  target_agent_name: z.string().nullable().describe("The target agent's name on the platform (null when unknown)."),
  target_agent_label: z
    .string()
    .nullable()
    .describe('The target agent for people: "Planner · chat “Weekly reviews”", or its role and name (null when unknown).'),
  task_type_on_trigger: z.string(),
  task_payload_on_trigger: z.record(z.string(), z.unknown()),
  job_status: z.enum(['SCHEDULED_AND_ACTIVE', 'SCHEDULED_BUT_DISABLED']),
  next_run_time_utc_iso: z.string().nullable().describe('Null for a disabled job.'),
  last_run: jobRunSchema.nullable(),
  run_count: z.number(),
  created_by: z.string().describe('kind:id of whoever scheduled it.'),
  owner: jobOwnerSchema
    .nullable()
    .describe('The user the job belongs to: its creator, or the user behind the agent that created it; else null.'),
  created_at: z.string(),
});
export type JobView = z.infer<typeof jobViewSchema>;
