import type { SessionObservation } from '../../../delegation/receive.ts';
import { jsonObjectIn } from '../../../delegation/protocol.ts';

/**
 * The message that wakes the Strategist after each task result (server/delegation/receive.ts),
 * read back from its text, and the one line it leaves in `observation_buffer` per observation.
 */

export type ObservationRead =
  { kind: 'observation'; observation: SessionObservation } | { kind: 'malformed'; problems: string[] } | { kind: 'other' };

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A `session_observation` in a message's text (possibly after an agent-message preamble), checked field by field. */
export function readObservation(text: string): ObservationRead {
  const doc = jsonObjectIn(text);
  if (!doc || doc.type !== 'session_observation') return { kind: 'other' };
  const problems: string[] = [];
  const need = (field: string, ok: boolean, what: string) => {
    if (!ok) problems.push(`${field} must be ${what}`);
  };
  need('session_id', typeof doc.session_id === 'string' && doc.session_id.length > 0, 'a non-empty string');
  need('task_id', typeof doc.task_id === 'string' && doc.task_id.length > 0, 'a non-empty string');
  need('companion_id', typeof doc.companion_id === 'string' && doc.companion_id.length > 0, 'a non-empty string');
  need('status', doc.status === 'succeeded' || doc.status === 'failed', '"succeeded" or "failed"');
  need('skills_used', isStringArray(doc.skills_used), 'an array of skill URIs');
  need('duration_s', typeof doc.duration_s === 'number' && doc.duration_s >= 0, 'a number ≥ 0');
  need(
    'failed_skill',
    doc.failed_skill === undefined || doc.failed_skill === null || typeof doc.failed_skill === 'string',
    'a skill URI or null',
  );
  if (problems.length) return { kind: 'malformed', problems };
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    kind: 'observation',
    observation: {
      type: 'session_observation',
      session_id: doc.session_id as string,
      task_id: doc.task_id as string,
      companion_id: doc.companion_id as string,
      specialization: str(doc.specialization),
      status: doc.status as 'succeeded' | 'failed',
      skills_used: doc.skills_used as string[],
      failed_skill: str(doc.failed_skill),
      duration_s: doc.duration_s as number,
      tool_calls: typeof doc.tool_calls === 'number' ? doc.tool_calls : 0,
      summary: str(doc.summary) ?? '',
      error: str(doc.error),
      completed_at: str(doc.completed_at) ?? '',
    },
  };
}

/**
 * The observation's line in observation_buffer: `task=<id> companion=<id> specialization=<s>
 * skills=<a,b> status=<s> duration_s=<n> failed_skill=<uri|none> at=<ISO>`. It starts with
 * `task=<id> ` so the line is found again when the task has been analysed.
 */
export function observationLine(o: SessionObservation): string {
  return [
    `task=${o.task_id}`,
    `companion=${o.companion_id}`,
    `specialization=${o.specialization ?? 'unknown'}`,
    `skills=${o.skills_used.join(',') || 'none'}`,
    `status=${o.status}`,
    `duration_s=${o.duration_s}`,
    `failed_skill=${o.failed_skill ?? 'none'}`,
    `at=${o.completed_at || 'unknown'}`,
  ].join(' ');
}

/** The task id a buffer line is about, or null for a line of another shape (kept as it is). */
export function taskOfLine(line: string): string | null {
  const m = /^task=(\S+) /.exec(line);
  return m ? m[1]! : null;
}

/**
 * observation_buffer without the lines of the tasks analysed (`analysed` task ids); other lines
 * stay, in order. Null when nothing would change.
 */
export function bufferWithout(buffer: string, analysed: ReadonlySet<string>): string | null {
  const lines = buffer.split('\n');
  const kept = lines.filter((l) => {
    const task = taskOfLine(l);
    return !(task && analysed.has(task));
  });
  return kept.length === lines.length ? null : kept.join('\n');
}
