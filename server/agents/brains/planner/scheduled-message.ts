import { readDispatch } from '../../../orchestration/dispatch-message.ts';
import type { ScheduledRun } from './request.ts';

/**
 * The task a Planner schedules for itself (schedule-flow.ts): `schedule_background_job` with
 * `task_type_on_trigger` PLANNER_REQUEST and a payload naming the request in the user's words;
 * each trigger dispatches it to the Planner as a `dispatched_task` message
 * (server/orchestration/dispatch-message.ts), which this reads back.
 */
export const PLANNER_REQUEST_TASK = 'PLANNER_REQUEST';

export interface PlannerRequestPayload {
  /** The request without its schedule words ("review every advisor's calls from the previous week"). */
  request: string;
  /** send_notification channels for the results. */
  notify: string[];
}

/** The scheduled request in a host message, or null when the message is not one. */
export function scheduledRequestOf(text: string): { words: string; run: ScheduledRun } | null {
  if (!text.startsWith('{')) return null;
  const task = readDispatch(text);
  if (!task || task.task_type !== PLANNER_REQUEST_TASK) return null;
  const words = task.task_payload.request;
  if (typeof words !== 'string' || !words.trim()) return null;
  const notify = Array.isArray(task.task_payload.notify) ? task.task_payload.notify.filter((c): c is string => typeof c === 'string') : [];
  const job = task.background_job;
  return {
    words,
    run: {
      job_name: job?.job_name ?? 'a scheduled request',
      internal_job_id: job?.internal_job_id ?? '',
      fired_at: job?.fired_at ?? '',
      notify: notify.length ? notify : ['UI_ALERT'],
    },
  };
}
