import { createHash } from 'node:crypto';
import { failureCauseOfText } from '../../lib/failure-cause.ts';
import { parseSkillUri } from '../skills/skill-uri.ts';
import type { Episode } from './port.ts';

/**
 * What both adapters derive from an Episode before writing it, computed once here so the two
 * stores hold the same facts: the Graphiti episode's identity and fields, one use row per
 * state that used a skill, and the per-skill counter increments.
 */

/** Graphiti `group_id` of every episode the console writes (Graphiti partitions graphs by it). */
export const GRAPH_GROUP_ID = 'dcf';
/** Graphiti's EpisodeType for structured content. */
export const EPISODE_SOURCE = 'json';
export const EPISODE_SOURCE_DESCRIPTION = 'DCF workflow execution';

/** RFC 4122 version-5 style UUID of `name` (SHA-1), so a replayed episode keeps its uuid. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update('dcf-graph:').update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** The `:Episodic` fields of a run (content = the episode as JSON; valid_at = when it finished). */
export function episodicFields(e: Episode) {
  return {
    uuid: stableUuid(`episode:${e.run_id}`),
    mention_uuid: stableUuid(`mentions:${e.run_id}`),
    name: `workflow_execution ${e.run_id}`,
    group_id: GRAPH_GROUP_ID,
    source: EPISODE_SOURCE,
    source_description: EPISODE_SOURCE_DESCRIPTION,
    content: JSON.stringify(e),
    valid_at: e.finished_at,
  };
}

/** How a use went, as both stores keep it (schemas.ts useOutcomeSchema). */
export type UseOutcome = 'success' | 'failure' | 'caller_error';

/**
 * The outcome a use is recorded with: a failure whose error is the caller's (lib/failure-cause.ts:
 * an unknown advisor, a reversed period, arguments a tool's schema refused) is a `caller_error`,
 * which never counts against the skill. Writers need not classify; what they say is kept otherwise.
 */
export function useOutcome(outcome: UseOutcome, error: string | null): UseOutcome {
  return outcome === 'failure' && failureCauseOfText(error) === 'caller' ? 'caller_error' : outcome;
}

export interface SkillUse {
  /** Index of the state in `episode.states` (orders uses within a run). */
  seq: number;
  state: string;
  skill: string;
  outcome: UseOutcome;
  latency_ms: number | null;
  error: string | null;
  attempts: number;
  swapped_from: string | null;
  /** The live split's strategy that chose the skill (schemas.ts episodeStateSchema), or null. */
  strategy: string | null;
}

/** One use per state that used a skill (states without a skill contribute none), latency rounded to whole ms. */
export function skillUses(e: Episode): SkillUse[] {
  const uses: SkillUse[] = [];
  e.states.forEach((s, seq) => {
    if (s.skill === null) return;
    uses.push({
      seq,
      state: s.state,
      skill: s.skill,
      outcome: useOutcome(s.outcome, s.error),
      // Stored as INTEGER in both stores: whole milliseconds.
      latency_ms: s.latency_ms === null ? null : Math.round(s.latency_ms),
      error: s.error,
      attempts: s.attempts,
      swapped_from: s.swapped_from ?? null,
      strategy: s.strategy ?? null,
    });
  });
  return uses;
}

export interface SkillCount {
  uri: string;
  n_success: number;
  n_failures: number;
  n_caller_errors: number;
}

/** The counter a use of each outcome increments. */
export const COUNTER_OF: Record<UseOutcome, 'n_success' | 'n_failures' | 'n_caller_errors'> = {
  success: 'n_success',
  failure: 'n_failures',
  caller_error: 'n_caller_errors',
};

/** Counter increments per skill, in first-use order. */
export function skillCounts(uses: SkillUse[]): SkillCount[] {
  const by = new Map<string, SkillCount>();
  for (const u of uses) {
    const c = by.get(u.skill) ?? { uri: u.skill, n_success: 0, n_failures: 0, n_caller_errors: 0 };
    c[COUNTER_OF[u.outcome]] += 1;
    by.set(u.skill, c);
  }
  return [...by.values()];
}

/** Name and version of a skill known only by its URI (a placeholder node until upsertSkill). */
export function placeholderSkill(uri: string): { name: string; version: string } {
  return parseSkillUri(uri) ?? { name: uri, version: '' };
}
