import {
  chooseArm,
  latencyCosts,
  sampleBeta,
  seededRandom,
  type Arm,
  type ResolvedPolicy,
  type StrategyName,
} from '../../learning/policies/index.ts';
import { seedOf } from './seed.ts';

/**
 * What a strategy would take on the counts at the time of a choice — `expected`, the arms it
 * could take, and each arm's score — computed with the learning policies themselves
 * (server/learning/policies), so the sentinel judges by the same rules the workers choose by.
 * - Greedy: the arms of maximal greedy utility (posterior mean − latency cost), ties within 1e-9.
 * - UCB: the arms of maximal UCB1 bound; an untried arm's bound is ∞, so untried arms come first
 *   (any untried arm is allowed: they tie). Scores: ∞ is null, as JSON would write it.
 * - ThompsonSampling: each arm's probability of being the best (highest Beta(1 + s, 1 + f) draw
 *   minus latency cost, as thompson.ts scores it), estimated from 4 000 seeded draws; the arms
 *   at or above 1 % are expected. A 1 % floor: a Thompson chooser takes an arm with exactly its
 *   probability of being best, so an arm below 1 % is one it almost never takes.
 * - EpsilonGreedy: the greedy arms (its exploit branch); its exploration is judged over the
 *   whole plan (epsilon.ts), never per decision.
 */

export const TIE_EPSILON = 1e-9;
export const THOMPSON_DRAWS = 4_000;
export const THOMPSON_FLOOR = 0.01;

export interface Expectation {
  expected: string[];
  scores: Record<string, number | null>;
}

/** The arms whose score is within TIE_EPSILON of the best (∞ ties with ∞). */
function best(arms: Arm[], scores: number[]): string[] {
  const top = Math.max(...scores);
  return arms.filter((_, i) => scores[i]! >= top - TIE_EPSILON).map((a) => a.id);
}

function scoreRecord(arms: Arm[], scores: number[]): Record<string, number | null> {
  return Object.fromEntries(arms.map((a, i) => [a.id, Number.isFinite(scores[i]) ? scores[i]! : null]));
}

/** Scores per arm in `arms` order, from chooseArm's own score record. */
function strategyScores(arms: Arm[], policy: ResolvedPolicy, strategy: 'Greedy' | 'UCB'): number[] {
  const { scores } = chooseArm(arms, { ...policy, strategy });
  return arms.map((a) => scores[a.id]!);
}

/**
 * Each arm's share of THOMPSON_DRAWS rounds in which its posterior draw minus latency cost was
 * the highest (ties to the first arm, as thompson.ts breaks them), seeded by `seedText`.
 */
export function probabilityBest(arms: Arm[], policy: ResolvedPolicy, seedText: string): number[] {
  const random = seededRandom(seedOf(seedText));
  const costs = latencyCosts(arms, policy.latencyWeight);
  const wins = arms.map(() => 0);
  for (let n = 0; n < THOMPSON_DRAWS; n++) {
    let top = 0;
    let topScore = Number.NEGATIVE_INFINITY;
    arms.forEach((a, i) => {
      const score = sampleBeta(1 + a.successes, 1 + a.failures, random) - costs[i]!;
      if (score > topScore) {
        top = i;
        topScore = score;
      }
    });
    wins[top]!++;
  }
  return wins.map((w) => w / THOMPSON_DRAWS);
}

/** What `strategy` expects of a choice among `arms`; `seedText` seeds Thompson's estimate (the record id). */
export function expectation(strategy: StrategyName, arms: Arm[], policy: ResolvedPolicy, seedText: string): Expectation {
  if (strategy === 'ThompsonSampling') {
    const p = probabilityBest(arms, policy, seedText);
    return { expected: arms.filter((_, i) => p[i]! >= THOMPSON_FLOOR).map((a) => a.id), scores: scoreRecord(arms, p) };
  }
  const scores = strategyScores(arms, policy, strategy === 'UCB' ? 'UCB' : 'Greedy');
  return { expected: best(arms, scores), scores: scoreRecord(arms, scores) };
}
