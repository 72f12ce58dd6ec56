import type { RedisClient } from '../redis/connection.ts';
import type { KnowledgeGraph, SkillReliability } from '../graph/port.ts';

/**
 * Skill statistics for workers, who choose among alternative skills without a database: the
 * consolidation job copies the graph's all-time counts and p95 latency into one Redis hash.
 */
export const SKILL_STATS = 'dcf:skills:stats';

export interface SkillStats {
  successes: number;
  failures: number;
  latency_ms: number | null;
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

export async function readSkillStats(redis: RedisClient, uris: string[]): Promise<Map<string, SkillStats>> {
  if (!uris.length) return new Map();
  const raw = await redis.hmget(SKILL_STATS, ...uris);
  return new Map(uris.flatMap((u, i) => (raw[i] ? [[u, JSON.parse(raw[i]!) as SkillStats] as const] : [])));
}
