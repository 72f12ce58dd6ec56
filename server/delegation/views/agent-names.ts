import type { DelegationEventRow } from '../../db/schema/delegation.ts';
import { str } from '../../../lib/is-record.ts';

/**
 * Who the ids in a session's record are, for people: the Conductor, the Strategist, each
 * Companion by its name and specialization (also after it was dismissed: the activity keeps
 * `companion_created`), and console users by name. Pure over the session's rows.
 */
export interface AgentLabel {
  name: string;
  role: 'conductor' | 'strategist' | 'companion';
  /** Companions: their latest specialization. */
  specialization: string | null;
  /** Companions: when they were dismissed, if they were. */
  dismissed_at: string | null;
}

/** The session's agents by id. `pool` (the live pool) wins over what the activity remembers. */
export function agentLabels(
  session: { conductorId: string; strategistId: string | null },
  events: readonly DelegationEventRow[],
  pool: ReadonlyArray<{ companion_id: string; companion_name: string; specialization: string }> = [],
): Record<string, AgentLabel> {
  const out: Record<string, AgentLabel> = {};
  const agent = (role: AgentLabel['role'], name: string): AgentLabel => ({ name, role, specialization: null, dismissed_at: null });
  out[session.conductorId] = agent('conductor', 'Conductor');
  for (const e of events) {
    if (e.kind === 'session_created') {
      const strategist = str(e.payload.strategist_id);
      if (strategist) out[strategist] = agent('strategist', 'Strategist');
    }
    if (!e.subject) continue;
    if (e.kind === 'companion_created') {
      out[e.subject] = { ...agent('companion', str(e.payload.name) ?? e.subject), specialization: str(e.payload.specialization) };
    } else if (e.kind === 'companion_status' && out[e.subject]?.role === 'companion') {
      out[e.subject] = { ...out[e.subject]!, specialization: str(e.payload.specialization) ?? out[e.subject]!.specialization };
    } else if (e.kind === 'companion_dismissed') {
      const known = out[e.subject] ?? agent('companion', str(e.payload.name) ?? e.subject);
      out[e.subject] = { ...known, dismissed_at: e.at.toISOString() };
    }
  }
  if (session.strategistId) out[session.strategistId] = agent('strategist', 'Strategist');
  for (const c of pool)
    out[c.companion_id] = { name: c.companion_name, role: 'companion', specialization: c.specialization, dismissed_at: null };
  return out;
}

/** The console users (`user:<uuid>`) named in actors, subjects and writers, as their ids. */
export function userIdsIn(refs: Iterable<string | null | undefined>): string[] {
  const ids = new Set<string>();
  for (const r of refs) {
    const m = r?.match(/^user:([0-9a-f-]{36})$/i);
    if (m) ids.add(m[1]!.toLowerCase());
  }
  return [...ids];
}
