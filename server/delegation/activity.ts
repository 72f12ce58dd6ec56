import type { DelegationEventRow } from '../db/schema/delegation.ts';
import type { DelegationHub } from './hub.ts';
import { currentSession } from './current-session.ts';

/** One entry of read_session_activity. */
export interface ActivityEntry {
  at: string;
  kind: string;
  task_id: string | null;
  actor: string | null;
  subject: string | null;
  detail: Record<string, unknown>;
}

export interface SessionActivity {
  delegations: ActivityEntry[];
  companion_states: ActivityEntry[];
  task_completions: ActivityEntry[];
  errors: ActivityEntry[];
}

const DELEGATIONS = new Set(['task_delegated', 'task_offered', 'task_claimed', 'task_progress', 'task_cancelled']);
const COMPANION_STATES = new Set(['companion_created', 'companion_status', 'companion_dismissed']);

const entry = (e: DelegationEventRow): ActivityEntry => ({
  at: e.at.toISOString(),
  kind: e.kind,
  task_id: e.taskId,
  actor: e.actor,
  subject: e.subject,
  detail: compact(e.kind, e.payload),
});

/** The detail an analyst needs, without repeating whole messages (a result's data stays in the task). */
export function compact(kind: string, p: Record<string, unknown>): Record<string, unknown> {
  const m = p.message as Record<string, unknown> | undefined;
  if (kind === 'task_result' && m) {
    const output = (m.output ?? {}) as Record<string, unknown>;
    return {
      status: m.status,
      metrics: m.metrics,
      summary: output.summary,
      error: output.error ?? null,
      failed_skill: output.failed_skill ?? null,
    };
  }
  if ((kind === 'task_delegated' || kind === 'task_offered') && m) {
    const ctx = (m.context ?? {}) as Record<string, unknown>;
    return {
      description: m.description,
      skills_required: m.skills_required,
      priority: m.priority,
      request_id: ctx.request_id ?? null,
      guidelines_revision: ctx.guidelines_revision ?? null,
      ...(p.notified ? { notified: p.notified } : {}),
    };
  }
  if (kind === 'task_progress' && m) return { progress_pct: m.progress_pct, status_message: m.status_message };
  return p;
}

/**
 * read_session_activity: the session's events in the window, in order — delegations (and their
 * progress), Companion states (created, status changes, dismissed), task completions (results
 * with their metrics) and errors (failed tasks and rejected messages).
 */
export async function readSessionActivity(
  hub: DelegationHub,
  sessionId: string,
  opts: { delegationLog: boolean; companionStates: boolean; windowMinutes: number },
): Promise<SessionActivity> {
  const session = await currentSession(hub, sessionId, { allowFinalized: true });
  const events = await hub.store.events(session.id, { since: new Date(Date.now() - opts.windowMinutes * 60_000) });
  const out: SessionActivity = { delegations: [], companion_states: [], task_completions: [], errors: [] };
  for (const e of events) {
    if (DELEGATIONS.has(e.kind) && opts.delegationLog) out.delegations.push(entry(e));
    if (COMPANION_STATES.has(e.kind) && opts.companionStates) out.companion_states.push(entry(e));
    if (e.kind === 'task_result') {
      out.task_completions.push(entry(e));
      if ((e.payload.message as { status?: string } | undefined)?.status === 'failed') out.errors.push(entry(e));
    }
    if (e.kind === 'message_rejected') out.errors.push(entry(e));
  }
  return out;
}
