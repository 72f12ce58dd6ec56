import neo4j from 'neo4j-driver';
import { episodicFields, placeholderSkill, type SkillCount, type SkillUse } from '../episode-facts.ts';

/**
 * Value conversions at the Bolt boundary. JavaScript numbers travel as floats, so every value a
 * statement needs as an INTEGER (LIMIT, counters, latencies, attempts) is sent as a driver
 * Integer; integers come back as Integer objects unless the driver was told otherwise, so every
 * number read goes through `num`.
 */

export const int = (n: number) => neo4j.int(n);

/** An Integer, a JS number, or null (e.g. an aggregate over no rows) → number | null. */
export function num(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (neo4j.isInt(v as never)) return (v as { toNumber(): number }).toNumber();
  if (typeof v === 'bigint') return Number(v);
  throw new TypeError(`not a number: ${String(v)}`);
}

/** Epoch milliseconds read back from a DATETIME property → ISO string. */
export function msToIso(v: unknown): string {
  const ms = num(v);
  if (ms === null) throw new TypeError('missing timestamp');
  return new Date(ms).toISOString();
}

/** One USED_SKILL use as the statements take it (a run's or a delegated task's): integers as Integers, the skill's name and version for a placeholder node. */
export function skillUseParams(u: SkillUse) {
  const { name, version } = placeholderSkill(u.skill);
  return {
    seq: int(u.seq),
    state: u.state,
    skill: u.skill,
    skill_name: name,
    skill_version: version,
    outcome: u.outcome,
    latency_ms: u.latency_ms === null ? null : int(u.latency_ms),
    error: u.error,
    attempts: int(u.attempts),
    swapped_from: u.swapped_from,
    strategy: u.strategy,
  };
}

/** The Graphiti EpisodicNode fields as the record statements take them (a run's or a task's). */
export function episodeParams(episodic: ReturnType<typeof episodicFields>) {
  return {
    episode_uuid: episodic.uuid,
    episode_name: episodic.name,
    group_id: episodic.group_id,
    source: episodic.source,
    source_description: episodic.source_description,
    content: episodic.content,
    mention_uuid: episodic.mention_uuid,
  };
}

/** One skill's counter increments as BUMP_SKILL_COUNTERS takes them (Bolt integers). */
export function counterParams(k: SkillCount) {
  return { uri: k.uri, n_success: int(k.n_success), n_failures: int(k.n_failures), n_caller_errors: int(k.n_caller_errors) };
}
