import { isRecord } from '@/lib/is-record';

/**
 * A task dispatched to the agent (server/orchestration/dispatch-message.ts): one JSON object as
 * a host message. The chat shows it as what it is — a scheduled run or a task from another agent
 * — instead of raw JSON. Pure; the server wrote and validated the message.
 */
export interface DispatchedTaskView {
  taskType: string;
  /** The request in words, when the payload carries one (the Planner's scheduled requests). */
  request: string | null;
  /** The background job that fired it, when one did. */
  job: { name: string; firedAt: string } | null;
  dispatchedBy: string;
}

export function dispatchedTaskIn(content: string): DispatchedTaskView | null {
  if (!content.trimStart().startsWith('{')) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    return null;
  }
  if (!isRecord(doc) || doc.type !== 'dispatched_task' || typeof doc.task_type !== 'string') return null;
  const payload = isRecord(doc.task_payload) ? doc.task_payload : {};
  const job = isRecord(doc.background_job) ? doc.background_job : null;
  const by = isRecord(doc.dispatched_by) ? doc.dispatched_by : {};
  return {
    taskType: doc.task_type,
    request: typeof payload.request === 'string' ? payload.request : null,
    job:
      job && typeof job.job_name === 'string'
        ? { name: job.job_name, firedAt: typeof job.fired_at === 'string' ? job.fired_at : '' }
        : null,
    dispatchedBy: typeof by.id === 'string' ? by.id : 'unknown',
  };
}
