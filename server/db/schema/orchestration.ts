import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Orchestration (agent-memory-and-orchestration-tools.md 5.2–5.3; server/orchestration,
 * server/schedules): every task dispatched to an agent, the background jobs that dispatch tasks
 * on a schedule, and each time a job fired. Agent ids are the platform's (local runtime or
 * Letta), so there is no foreign key to `agents` (a Letta agent has no row there).
 */

export const DISPATCH_STATUSES = ['QUEUED_FOR_DELIVERY', 'DELIVERY_ACKNOWLEDGED'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

export const dispatchedTasks = pgTable(
  'dispatched_tasks',
  {
    /** The spec's `dispatched_task_id`. */
    id: uuid('id').primaryKey().defaultRandom(),
    targetAgentId: text('target_agent_id').notNull(),
    /** Who dispatched it: an agent (its reply is routed back to it), a user or the system (a schedule). */
    dispatcherKind: text('dispatcher_kind').$type<'agent' | 'user' | 'system'>().notNull(),
    dispatcherId: text('dispatcher_id').notNull(),
    taskType: text('task_type').notNull(),
    taskPayload: jsonb('task_payload').$type<Record<string, unknown>>().notNull(),
    replyExpected: boolean('reply_expected').notNull().default(false),
    status: text('status').$type<DispatchStatus>().notNull().default('QUEUED_FOR_DELIVERY'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** The target's answer to the task (its assistant text after the task's turn), when one was expected. */
    replyText: text('reply_text'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    /** The agent the reply was sent to (agent dispatchers); null when it is only recorded here. */
    replyRoutedTo: text('reply_routed_to'),
    /** The background job whose trigger dispatched it, if any. */
    backgroundJobId: uuid('background_job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dispatched_tasks_status_check', sql`${t.status} in ('QUEUED_FOR_DELIVERY', 'DELIVERY_ACKNOWLEDGED')`),
    index('dispatched_tasks_open_idx').on(t.status, t.createdAt),
    index('dispatched_tasks_job_idx').on(t.backgroundJobId, t.createdAt),
  ],
);
export type DispatchedTaskRow = typeof dispatchedTasks.$inferSelect;

/** A recurring job (the spec's `schedule_background_job`), run by a BullMQ job scheduler whose id is `id`. */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    /** The spec's `internal_job_id`, also the BullMQ job scheduler's id. */
    id: uuid('id').primaryKey().defaultRandom(),
    jobName: text('job_name').notNull(),
    jobTypeIdentifier: text('job_type_identifier').notNull(),
    /** Exactly one of cron_expression / interval_seconds is set (checked). */
    cronExpression: text('cron_expression'),
    /** The zone the cron expression is read in (Europe/London unless the expression names one). */
    timezone: text('timezone'),
    intervalSeconds: integer('interval_seconds'),
    targetAgentId: text('target_agent_id').notNull(),
    taskType: text('task_type').notNull(),
    taskPayload: jsonb('task_payload').$type<Record<string, unknown>>().notNull(),
    enabled: boolean('enabled').notNull(),
    createdByKind: text('created_by_kind').notNull(),
    createdById: text('created_by_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('background_jobs_name_idx').on(t.jobName),
    check('background_jobs_one_schedule_check', sql`(${t.cronExpression} is null) <> (${t.intervalSeconds} is null)`),
    check('background_jobs_interval_check', sql`${t.intervalSeconds} is null or ${t.intervalSeconds} >= 1`),
  ],
);
export type BackgroundJobRow = typeof backgroundJobs.$inferSelect;

export const JOB_RUN_OUTCOMES = ['DISPATCHED', 'FAILED'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

/** One trigger of a job: at most one row per scheduled tick (the unique index makes a second delivery a no-op). */
export const backgroundJobRuns = pgTable(
  'background_job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => backgroundJobs.id, { onDelete: 'cascade' }),
    /** The tick this run belongs to: the BullMQ scheduler's timestamp for it (ms since the epoch, as text). */
    tick: text('tick').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedTaskId: uuid('dispatched_task_id'),
    outcome: text('outcome').$type<JobRunOutcome>().notNull(),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('background_job_runs_tick_idx').on(t.jobId, t.tick),
    index('background_job_runs_job_idx').on(t.jobId, t.firedAt),
    check('background_job_runs_outcome_check', sql`${t.outcome} in ('DISPATCHED', 'FAILED')`),
  ],
);
export type BackgroundJobRunRow = typeof backgroundJobRuns.$inferSelect;
