import type { ToolOutcome } from '../planner/conversation.ts';

/** The Conductor's own specialization for Companions that review calls. */
export const REVIEW_SPECIALIZATION = 'call-review';

export interface PoolMember {
  companion_id: string;
  companion_name: string;
  specialization: string;
  status: 'idle' | 'busy' | 'error';
}

/** Who does each task: an existing Companion, a new one (the k-th create_companion of the turn), or nobody yet. */
export type Assignment = { kind: 'existing'; companion: PoolMember } | { kind: 'new'; slot: number } | { kind: 'queued' };

export function poolOf(list: ToolOutcome | undefined): PoolMember[] {
  const companions = list?.ok && Array.isArray(list.result?.companions) ? (list.result.companions as PoolMember[]) : [];
  return companions.filter((c) => typeof c.companion_id === 'string');
}

/**
 * Staffing (dcf-plus: reuse before you create): each task goes to an idle Companion — of the
 * review specialization first, then generalists, then any —, else to a new Companion while the
 * pool has room, else to a Companion whose last task failed (it is free; delegating sets it
 * busy again), else it waits for a Companion to come free.
 */
export function assign(count: number, pool: PoolMember[], poolMax: number, specialization = REVIEW_SPECIALIZATION): Assignment[] {
  const rank = (c: PoolMember) => (c.specialization === specialization ? 0 : c.specialization === 'generalist' ? 1 : 2);
  const idle = pool.filter((c) => c.status === 'idle').sort((a, b) => rank(a) - rank(b));
  const errored = pool.filter((c) => c.status === 'error').sort((a, b) => rank(a) - rank(b));
  let room = Math.max(0, poolMax - pool.length);
  let slot = 0;
  return Array.from({ length: count }, (): Assignment => {
    const free = idle.shift();
    if (free) return { kind: 'existing', companion: free };
    if (room > 0) {
      room -= 1;
      return { kind: 'new', slot: slot++ };
    }
    const retried = errored.shift();
    return retried ? { kind: 'existing', companion: retried } : { kind: 'queued' };
  });
}
