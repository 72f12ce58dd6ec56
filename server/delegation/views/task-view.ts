import type { DelegationEventRow, DelegationTaskRow, TaskStatus } from '../../db/schema/delegation.ts';
import { isRecord, num } from '../../../lib/is-record.ts';

/**
 * A delegated task as the console shows it: the task's record (`delegation_tasks`) with its
 * steps from the session's activity — delegated (or offered to the pool) → claimed → progress
 * reports → the result or its cancellation — and its duration. Pure: built from rows only.
 */
export interface TaskStep {
  /** The `delegation_events` id. */
  event_id: number;
  kind: 'delegated' | 'offered' | 'claimed' | 'progress' | 'succeeded' | 'failed' | 'cancelled';
  at: string;
  /** Who acted: an agent id, `user:<id>` or `system:<name>`. */
  actor: string | null;
  /** progress: the percentage reported; otherwise null. */
  progress_pct: number | null;
  /** progress: the Companion's words; cancelled: why; otherwise null. */
  message: string | null;
}

/** What the Companion reported with its result (task_result `metrics`). */
export interface ReportedMetrics {
  duration_s: number | null;
  tool_calls: number | null;
  skills_used: string[];
}

export interface TaskView {
  session_id: string;
  task_id: string;
  description: string;
  priority: 'low' | 'normal' | 'high';
  broadcast: boolean;
  status: TaskStatus;
  /** Null while a broadcast task waits for a Companion to claim it. */
  companion_id: string | null;
  skills_required: string[];
  progress_pct: number | null;
  status_message: string | null;
  delegated_at: string;
  completed_at: string | null;
  /** Seconds from delegation to the end (the record's times); null while the task is open. */
  duration_s: number | null;
  metrics: ReportedMetrics | null;
  summary: string | null;
  error: string | null;
  /** The skill the Companion says failed (task_result `output.failed_skill`). */
  failed_skill: string | null;
  output: Record<string, unknown> | null;
  context: Record<string, unknown>;
  steps: TaskStep[];
}

const OPEN: readonly TaskStatus[] = ['offered', 'delegated'];
export const isOpenTask = (status: TaskStatus) => OPEN.includes(status);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The protocol message an event recorded (`payload.message`), or an empty object. */
export function messageOf(e: Pick<DelegationEventRow, 'payload'>): Record<string, unknown> {
  return isRecord(e.payload.message) ? e.payload.message : {};
}

/** One event of the task as a step, or null for events that are not steps of a task. */
export function taskStepOf(e: DelegationEventRow): TaskStep | null {
  const base = { event_id: e.id, at: e.at.toISOString(), actor: e.actor, progress_pct: null, message: null };
  const m = messageOf(e);
  switch (e.kind) {
    case 'task_delegated':
      return { ...base, kind: 'delegated' };
    case 'task_offered':
      return { ...base, kind: 'offered' };
    case 'task_claimed':
      return { ...base, kind: 'claimed', actor: e.subject ?? e.actor };
    case 'task_progress':
      return { ...base, kind: 'progress', progress_pct: num(m.progress_pct), message: text(m.status_message) };
    case 'task_result':
      return {
        ...base,
        kind: m.status === 'failed' ? 'failed' : 'succeeded',
        message: m.status === 'failed' ? text(isRecord(m.output) ? m.output.error : null) : null,
      };
    case 'task_cancelled':
      return { ...base, kind: 'cancelled', message: text(e.payload.reason) };
    default:
      return null;
  }
}

function metricsOf(row: DelegationTaskRow): ReportedMetrics | null {
  const m = row.metrics;
  if (!m) return null;
  const skills = Array.isArray(m.skills_used) ? m.skills_used.filter((s): s is string => typeof s === 'string') : [];
  return { duration_s: num(m.duration_s), tool_calls: num(m.tool_calls), skills_used: skills };
}

/** The task with its steps; `events` may hold the whole session's activity (only this task's are used). */
export function taskView(row: DelegationTaskRow, events: readonly DelegationEventRow[]): TaskView {
  const steps = events.filter((e) => e.taskId === row.taskId).flatMap((e) => taskStepOf(e) ?? []);
  const output = row.output ?? null;
  const completed = row.completedAt ?? null;
  return {
    session_id: row.sessionId,
    task_id: row.taskId,
    description: row.description,
    priority: row.priority,
    broadcast: row.broadcast,
    status: row.status,
    companion_id: row.companionId,
    skills_required: row.skillsRequired,
    progress_pct: row.progressPct,
    status_message: row.statusMessage,
    delegated_at: row.delegatedAt.toISOString(),
    completed_at: completed?.toISOString() ?? null,
    duration_s: completed ? Math.max(0, (completed.getTime() - row.delegatedAt.getTime()) / 1000) : null,
    metrics: metricsOf(row),
    summary: text(output?.summary),
    error: row.error,
    failed_skill: text(output?.failed_skill),
    output,
    context: row.context,
    steps,
  };
}
