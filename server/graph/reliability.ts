import type { ReliabilityWindow, SkillReliability } from './port.ts';

/** Aggregates an adapter reads for one skill; `toReliability` turns them into the port's shape. */
export interface ReliabilityCounts {
  skill: string;
  capability: string | null;
  n_success: number;
  n_failures: number;
  n_caller_errors: number;
  p50: number | null;
  p95: number | null;
}

/** Rates are null without uses: an unknown reliability is not a 0 % one. Caller errors are no uses of the skill. */
export function toReliability(c: ReliabilityCounts): SkillReliability {
  const total = c.n_success + c.n_failures;
  return {
    skill: c.skill,
    capability: c.capability,
    n_success: c.n_success,
    n_failures: c.n_failures,
    n_caller_errors: c.n_caller_errors,
    success_rate: total === 0 ? null : c.n_success / total,
    failure_rate: total === 0 ? null : c.n_failures / total,
    p50_latency_ms: c.p50,
    p95_latency_ms: c.p95,
  };
}

export function emptyReliability(skill: string): SkillReliability {
  return toReliability({ skill, capability: null, n_success: 0, n_failures: 0, n_caller_errors: 0, p50: null, p95: null });
}

/**
 * The bounds of a window at `now`: uses at or after `since` (null = no time bound), then at most
 * the `limit` latest of those (null = no count bound). Latest = by use time, then run id, then
 * position in the run, descending — the same order in both adapters. The skill's uses (successes
 * and failures) and its caller errors are bounded apart: caller errors never push a skill's own
 * uses out of its last-N window.
 */
export function windowBounds(window: ReliabilityWindow | undefined, now: Date): { since: Date | null; limit: number | null } {
  return {
    since: window?.days === undefined ? null : new Date(now.getTime() - window.days * DAY_MS),
    limit: window?.lastRuns ?? null,
  };
}

/** Which uses a reliability read counts: at or after `since`, at or before `until`, the `limit` latest (null: unbounded). */
export interface UseBounds {
  since: Date | null;
  until?: Date | null;
  limit: number | null;
}

export const DAY_MS = 86_400_000;
