import { findRecurrence } from '@/lib/nl/recurrence';
import type { JobView } from './types';

/** What each trigger asks, when the job carries a request in words (the Planner's schedules do). */
export function requestOf(job: Pick<JobView, 'task_payload_on_trigger'>): string | null {
  const r = (job.task_payload_on_trigger as Record<string, unknown> | null)?.request;
  return typeof r === 'string' && r.trim() ? r.trim() : null;
}

/** A task type as words: "QA_REVIEW" → "QA review", "planner_request" → "planner request". */
export function taskWords(type: string): string {
  const words = type.split(/[_\s-]+/).filter(Boolean);
  return words.map((w) => (/^[A-Z]{2,3}$/.test(w) ? w : w.toLowerCase())).join(' ');
}

/** What the job does each time, in the words of the Schedules page (the internal identifiers stay on hover). */
export function jobDoes(job: Pick<JobView, 'task_payload_on_trigger' | 'task_type_on_trigger'>): string {
  const request = requestOf(job);
  return request ? `Asks: “${request}”` : `Sends a ${taskWords(job.task_type_on_trigger)} task`;
}

/** The job's schedule as a person would type it, for the edit box: its words without the zone. */
export function scheduleWordsOf(job: Pick<JobView, 'schedule_text'>): string {
  return job.schedule_text.replace(/\s*\([^)]*\)\s*$/, '');
}

/** `words` as shown (with the clock), `plain` as a job's name says it ("every weekday at 08:00"). */
export type ScheduleRead =
  | { ok: true; words: string; plain: string; change: { cron_expression: string } | { interval_seconds: number } }
  | { ok: false; message: string };

/** A schedule typed in words ("every weekday at 8am"), read by the Planner's own grammar (lib/nl/recurrence.ts). */
export function readScheduleWords(text: string): ScheduleRead {
  const found = findRecurrence(text);
  if (!found) return { ok: false, message: 'Say how often, e.g. “every weekday at 08:00” or “every Monday at 9am”.' };
  if (!found.recurrence) return { ok: false, message: found.problem ?? 'That is not a schedule I can run.' };
  if (found.rest) return { ok: false, message: `Only the schedule goes here; “${found.rest}” is not part of one.` };
  const r = found.recurrence;
  return r.kind === 'cron'
    ? { ok: true, words: `${r.words} (UK time)`, plain: r.words, change: { cron_expression: r.cron } }
    : { ok: true, words: r.words, plain: r.words, change: { interval_seconds: r.seconds } };
}
