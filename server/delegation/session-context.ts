/**
 * The `session_context` block (shared by the Conductor, its Companions and the Strategist) as a
 * JSON document, and the pure edits the delegated-mode tools make to it. The spec's fields
 * (`session_id`, `user_goals`, `preferences`, `active_tasks`, `completed_tasks`) plus ours:
 * `conductor_id`, and `companions` — one partition per Companion that only it (through
 * update_companion_status) and the host write. Everything else has one writer: the Conductor,
 * through update_session_context and delegate_task.
 */
export interface ActiveTask {
  companion_id: string | null;
  description: string;
  skills: string[];
  status: 'offered' | 'delegated';
  delegated_at: string;
}

export interface CompletedTask {
  task_id: string;
  companion_id: string | null;
  status: 'succeeded' | 'failed' | 'cancelled';
  summary: string;
  completed_at: string;
}

export interface CompanionPartition {
  status: 'idle' | 'busy' | 'error';
  specialization: string;
  current_task_id: string | null;
  updated_at: string;
}

export interface SessionContext {
  session_id: string;
  conductor_id: string;
  /** The ids of the session's shared blocks (create_companion attaches them by id). */
  shared_blocks?: { session_context: string; delegation_log: string; strategist_guidelines: string };
  user_goals: unknown[];
  preferences: Record<string, unknown>;
  active_tasks: Record<string, ActiveTask>;
  completed_tasks: CompletedTask[];
  /** How many completed tasks were dropped from the block to keep it under its limit (the activity log keeps them all). */
  completed_tasks_omitted?: number;
  companions: Record<string, CompanionPartition>;
}

/** The block's limit (the spec creates it with 8000). */
export const SESSION_CONTEXT_LIMIT = 8000;

export const SESSION_CONTEXT_DESCRIPTION =
  'Shared state of this delegated-mode session, readable by the Conductor, its Companions and the Strategist (JSON). ' +
  "session_id, conductor_id and the ids of the shared blocks (shared_blocks: give session_context's to " +
  'create_companion); user_goals and preferences the user stated (e.g. speed over thoroughness); ' +
  'active_tasks by task id ' +
  '(companion, description, skills, status); completed_tasks (the latest, with a one-line summary); companions: one entry per Companion ' +
  '(status idle | busy | error, specialization, current task). Only the Conductor changes it, through update_session_context and ' +
  'delegate_task; each Companion changes only its own entry under companions, through update_companion_status. Agents cannot edit it directly.';

export function newSessionContext(
  sessionId: string,
  conductorId: string,
  goals: unknown[] = [],
  preferences: Record<string, unknown> = {},
): SessionContext {
  return {
    session_id: sessionId,
    conductor_id: conductorId,
    user_goals: goals,
    preferences,
    active_tasks: {},
    completed_tasks: [],
    companions: {},
  };
}

/** The block's value: compact JSON (it is read by models and counted against the limit). */
export function renderSessionContext(c: SessionContext): string {
  return JSON.stringify(c);
}

/** Parses the block's value; a value that is not a session context (edited by hand) starts over from its ids. */
export function parseSessionContext(value: string, fallback: { session_id: string; conductor_id: string }): SessionContext {
  try {
    const v = JSON.parse(value) as Partial<SessionContext>;
    if (v && typeof v === 'object' && typeof v.session_id === 'string') {
      return {
        ...newSessionContext(v.session_id, typeof v.conductor_id === 'string' ? v.conductor_id : fallback.conductor_id),
        ...v,
        active_tasks: v.active_tasks ?? {},
        completed_tasks: v.completed_tasks ?? [],
        companions: v.companions ?? {},
      } as SessionContext;
    }
  } catch {
    // not JSON: start over below
  }
  return newSessionContext(fallback.session_id, fallback.conductor_id);
}

/** A one-line summary for completed_tasks: the first sentence, at most 160 characters. */
export function shortSummary(text: string): string {
  const first = text.trim().split(/(?<=[.!?])\s/)[0] ?? '';
  return first.length <= 160 ? first : `${first.slice(0, 157)}…`;
}

/**
 * Keeps the document under `limit` by dropping the oldest completed tasks (counted in
 * `completed_tasks_omitted`); what the user or the Conductor put there themselves (goals,
 * preferences, active tasks) is never dropped, so a document still too long is the caller's
 * to refuse.
 */
export function fitSessionContext(c: SessionContext, limit = SESSION_CONTEXT_LIMIT): SessionContext {
  let out = c;
  while (renderSessionContext(out).length > limit && out.completed_tasks.length) {
    out = { ...out, completed_tasks: out.completed_tasks.slice(1), completed_tasks_omitted: (out.completed_tasks_omitted ?? 0) + 1 };
  }
  return out;
}

export function completeTask(c: SessionContext, done: CompletedTask): SessionContext {
  const { [done.task_id]: _finished, ...active } = c.active_tasks;
  return { ...c, active_tasks: active, completed_tasks: [...c.completed_tasks.filter((t) => t.task_id !== done.task_id), done] };
}

export function setCompanion(c: SessionContext, companionId: string, part: CompanionPartition | null): SessionContext {
  const { [companionId]: _old, ...rest } = c.companions;
  return { ...c, companions: part ? { ...rest, [companionId]: part } : rest };
}
