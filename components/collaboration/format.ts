import { ukDate, ukTime } from '@/lib/uk-time';

/** "8 Jul 2024, 10:00" in London time. */
export const when = (iso: string | null) => (iso ? `${ukDate(iso)}, ${ukTime(iso)}` : '—');

/** Message kinds as people say them. */
export const KIND_TEXT: Record<string, string> = {
  session_invite: 'Invitation',
  assistance_request: 'Assistance request',
  subtask_delegation: 'Subtask delegated',
  plan_update: 'Plan update',
  initial_task: 'First task',
};

/** The gist of a message body: the field that says what it is about. */
export function gist(body: Record<string, unknown>): string {
  for (const k of ['plan_summary', 'subtask_description', 'task_description', 'title']) {
    if (typeof body[k] === 'string') return body[k] as string;
  }
  return '';
}

/** "4.5 (2 ratings)" style: ratings given, rounded to one decimal. */
export function ratingsText(r: Record<string, number | null>): string {
  const given = Object.entries(r).filter(([, v]) => v !== null);
  return given.length ? given.map(([k, v]) => `${k} ${v}`).join(' · ') : 'comments only';
}
