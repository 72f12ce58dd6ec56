import { normalizeCapability } from './capability-words.ts';

/** Measured record of one agent (figures.ts), what ties are broken by. */
export interface Reliability {
  done: number;
  failed: number;
  /** Mean of all its evaluation ratings (1–5), null without any. */
  mean_rating: number | null;
  /** Subtasks delegated to it and not finished. */
  open: number;
}

export interface SubtaskToAssign {
  id: string;
  description: string;
  required_capabilities: string[];
}
export interface Candidate {
  id: string;
  model_type: string;
  capabilities: string[];
}

export interface Assignment {
  subtask_id: string;
  status: 'assigned' | 'unassigned';
  assigned_agent_id: string | null;
  matched_capabilities: string[];
  missing_capabilities: string[];
  /** (done + 1) / (done + failed + 2) of the chosen agent; null when unassigned. */
  reliability: number | null;
  reason: string;
}

/** Laplace-smoothed success rate: 0.5 for an agent with no record. */
export const reliabilityScore = (r: Reliability | undefined) => ((r?.done ?? 0) + 1) / ((r?.done ?? 0) + (r?.failed ?? 0) + 2);

/**
 * Assigns each subtask to one candidate (./README.md "assign_subtasks"): the most required
 * capabilities held wins; ties go to the higher reliability score, then the higher mean
 * evaluation rating, then the fewer open subtasks, then the agent id (so the result is stable).
 * A subtask with no required capabilities, or whose capabilities no candidate holds, is
 * unassigned with the reason. Subtasks are assigned in order and each assignment counts as an
 * open subtask for the ties that follow, so equal agents share the work.
 */
export function assignSubtasks(
  subtasks: readonly SubtaskToAssign[],
  candidates: readonly Candidate[],
  record: ReadonlyMap<string, Reliability>,
): Assignment[] {
  const open = new Map([...record].map(([id, r]) => [id, r.open]));
  const caps = new Map(candidates.map((c) => [c.id, new Set(c.capabilities.map(normalizeCapability))]));
  return subtasks.map((s) => {
    const required = [...new Set(s.required_capabilities.map(normalizeCapability))].filter(Boolean);
    if (required.length === 0) {
      return unassigned(
        s.id,
        [],
        'the subtask requires no capability, so nothing ties it to an agent: decompose it further or delegate it directly',
      );
    }
    if (candidates.length === 0) return unassigned(s.id, required, 'no agents were given');
    const scored = candidates
      .map((c) => {
        const matched = required.filter((r) => caps.get(c.id)!.has(r));
        const r = record.get(c.id);
        return { c, matched, score: reliabilityScore(r), rating: r?.mean_rating ?? 0, open: open.get(c.id) ?? 0 };
      })
      .filter((x) => x.matched.length > 0);
    if (scored.length === 0)
      return unassigned(s.id, required, `no available agent has any of the required capabilities (${required.join(', ')})`);
    scored.sort(
      (a, b) =>
        b.matched.length - a.matched.length || b.score - a.score || b.rating - a.rating || a.open - b.open || a.c.id.localeCompare(b.c.id),
    );
    const best = scored[0]!;
    open.set(best.c.id, best.open + 1);
    const missing = required.filter((r) => !best.matched.includes(r));
    const tied = scored.filter((x) => x.matched.length === best.matched.length).length;
    return {
      subtask_id: s.id,
      status: 'assigned' as const,
      assigned_agent_id: best.c.id,
      matched_capabilities: best.matched,
      missing_capabilities: missing,
      reliability: best.score,
      reason:
        `holds ${best.matched.length} of ${required.length} required capabilities` +
        (missing.length ? ` (missing: ${missing.join(', ')})` : '') +
        (tied > 1 ? `; chosen among ${tied} equally capable agents by measured reliability ${best.score.toFixed(2)}` : ''),
    };
  });
}

function unassigned(id: string, required: string[], reason: string): Assignment {
  return {
    subtask_id: id,
    status: 'unassigned',
    assigned_agent_id: null,
    matched_capabilities: [],
    missing_capabilities: required,
    reliability: null,
    reason,
  };
}
