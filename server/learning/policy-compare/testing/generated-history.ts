import type { RecordedSkillUse } from '../../../graph/port.ts';
import { seededRandom } from '../../policies/index.ts';

/**
 * Test support: a generated history of skill uses with known truths, logged the way the offline
 * replay is unbiased for — each use's skill picked uniformly at random among its capability's
 * skills, its outcome a Bernoulli draw of the skill's success probability. Seeded: the same spec
 * gives the same history.
 */
export interface GeneratedSkill {
  uri: string;
  /** True success probability. */
  p: number;
  /** Latency of every use, ms (null: unknown). */
  latency_ms?: number | null;
}

export interface HistorySpec {
  capabilities: Array<{ capability: string; skills: GeneratedSkill[] }>;
  /** Uses per capability; capabilities interleave in time. */
  uses: number;
  seed: number;
  /** Share of uses that are caller errors (default 0). */
  callerErrorRate?: number;
  /** The first use's time; one use per second after it. */
  start?: string;
}

export function generateHistory(spec: HistorySpec): RecordedSkillUse[] {
  const logger = seededRandom(spec.seed);
  const world = seededRandom((spec.seed ^ 0x9e3779b9) >>> 0);
  const t0 = Date.parse(spec.start ?? '2030-01-01T00:00:00.000Z');
  const out: RecordedSkillUse[] = [];
  for (let i = 0; i < spec.uses; i++) {
    spec.capabilities.forEach(({ capability, skills }, c) => {
      const s = skills[Math.min(skills.length - 1, Math.floor(logger() * skills.length))]!;
      const callerError = world() < (spec.callerErrorRate ?? 0);
      const outcome = callerError ? 'caller_error' : world() < s.p ? 'success' : 'failure';
      const n = i * spec.capabilities.length + c;
      out.push({
        run_id: `gen-${String(n).padStart(7, '0')}`,
        seq: 0,
        state: capability,
        skill: s.uri,
        capability,
        outcome,
        latency_ms: s.latency_ms ?? null,
        at: new Date(t0 + n * 1000).toISOString(),
        strategy: null,
      });
    });
  }
  return out;
}
