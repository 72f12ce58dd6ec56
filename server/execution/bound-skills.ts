import type { AslState } from '../engine/runtime/index.ts';

/** The skills a Task state's AgentBinding binds, in order (non-strings left out). */
export function boundSkills(state: AslState): string[] {
  const b = state.AgentBinding as { skills?: unknown } | undefined;
  return Array.isArray(b?.skills) ? b.skills.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * The skill a Task instance uses now: the one a swap bound on its entry, else the state's first bound skill. One rule
 * for the worker's start (task-work.ts) and the lease granted ahead of it (pregrant.ts), which must load the same one.
 */
export const currentSkill = (entry: { skill?: string | null }, state: AslState): string | null =>
  entry.skill ?? boundSkills(state)[0] ?? null;
