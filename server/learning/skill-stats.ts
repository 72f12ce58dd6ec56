import type { RedisClient } from '../redis/connection.ts';
import type { KnowledgeGraph, SkillReliability } from '../graph/port.ts';
import { readSkillAccuracy } from './accuracy/store.ts';

/**
 * Skill statistics for workers, who choose among alternative skills without a database: the
 * consolidation job copies the graph's all-time counts and p95 latency into one Redis hash; a
 * calibration stores measured accuracy in another (accuracy/store.ts), read here with them.
 */
export const SKILL_STATS = 'dcf:skills:stats';

export interface SkillStats {
  successes: number;
  failures: number;
  latency_ms: number | null;
  /** Measured accuracy in [0, 1] (accuracy/store.ts); null when the skill was not measured. */
  accuracy?: number | null;
}

export async function publishSkillStats(redis: RedisClient, graph: KnowledgeGraph): Promise<void> {
  const all = await graph.allSkillReliability();
  if (!all.length) return;
  await redis.hset(
    SKILL_STATS,
    Object.fromEntries(
      all.map((s: SkillReliability) => [
        s.skill,
        JSON.stringify({ successes: s.n_success, failures: s.n_failures, latency_ms: s.p95_latency_ms } satisfies SkillStats),
      ]),
    ),
  );
}

/**
 * The published statistics of each of `uris` that has any: counts and latency (absent until the
 * skill's first use is consolidated) with its measured accuracy (null when not measured). A skill
 * measured but never used has zero counts and its accuracy.
 */
export async function readSkillStats(redis: RedisClient, uris: string[]): Promise<Map<string, SkillStats>> {
  if (!uris.length) return new Map();
  const [raw, accuracy] = await Promise.all([redis.hmget(SKILL_STATS, ...uris), readSkillAccuracy(redis, uris)]);
  return new Map(
    uris.flatMap((u, i) => {
      const counts = raw[i] ? (JSON.parse(raw[i]!) as SkillStats) : null;
      const acc = accuracy.get(u)?.accuracy ?? null;
      if (!counts && acc === null) return [];
      return [[u, { successes: 0, failures: 0, latency_ms: null, ...counts, accuracy: acc }] as const];
    }),
  );
}
