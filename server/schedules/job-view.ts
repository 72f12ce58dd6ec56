import type { JobOwner, JobRun, JobView } from '../contracts/schedule-view.ts';
import type { BackgroundJobRow, BackgroundJobRunRow } from '../db/schema/orchestration.ts';
import { scheduleOfRow } from './schedule-spec.ts';
import { scheduleInWords } from './schedule-words.ts';

/** A job and its runs as list_background_jobs shows them (the shapes: server/contracts/schedule-view.ts). */
export function runView(r: BackgroundJobRunRow): JobRun {
  return {
    fired_at: r.firedAt.toISOString(),
    outcome: r.outcome,
    dispatched_task_id: r.dispatchedTaskId,
    error: r.error,
  };
}

export function jobView(
  job: BackgroundJobRow,
  next: Date | null,
  last: { last: BackgroundJobRunRow; count: number } | undefined,
  owner: JobOwner | null,
  target: { name: string; label: string } | null = null,
): JobView {
  return {
    internal_job_id: job.id,
    job_name: job.jobName,
    job_type_identifier: job.jobTypeIdentifier,
    cron_expression: job.cronExpression,
    timezone: job.timezone,
    interval_seconds: job.intervalSeconds,
    schedule_text: scheduleInWords(scheduleOfRow(job)),
    target_agent_id_on_trigger: job.targetAgentId,
    target_agent_name: target?.name ?? null,
    target_agent_label: target?.label ?? null,
    task_type_on_trigger: job.taskType,
    task_payload_on_trigger: job.taskPayload,
    job_status: job.enabled ? 'SCHEDULED_AND_ACTIVE' : 'SCHEDULED_BUT_DISABLED',
    next_run_time_utc_iso: job.enabled && next ? next.toISOString() : null,
    last_run: last ? runView(last.last) : null,
    run_count: last?.count ?? 0,
    created_by: `${job.createdByKind}:${job.createdById}`,
    owner,
    created_at: job.createdAt.toISOString(),
  };
}
