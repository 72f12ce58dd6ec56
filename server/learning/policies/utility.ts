import type { Arm } from '../../../lib/exploit-explore.ts';

/**
 * Estimates shared by the strategies: success rates, latency cost, and the greedy utility.
 */

/** Posterior mean success rate under a uniform Beta(1, 1) prior: (s + 1) / (s + f + 2). */
export const posteriorMean = (a: Arm): number => (a.successes + 1) / (a.successes + a.failures + 2);

/** Times an arm was tried. */
export const pulls = (a: Arm): number => a.successes + a.failures;

/** A latency usable for cost: a finite number ≥ 0; anything else counts as unknown. */
export const knownLatency = (a: Arm): number | null =>
  typeof a.latency_ms === 'number' && Number.isFinite(a.latency_ms) && a.latency_ms >= 0 ? a.latency_ms : null;

/** An accuracy usable as a reward weight: a finite number in [0, 1]; anything else counts as unknown. */
export const knownAccuracy = (a: Arm): number | null =>
  typeof a.accuracy === 'number' && Number.isFinite(a.accuracy) && a.accuracy >= 0 && a.accuracy <= 1 ? a.accuracy : null;

/**
 * The factor an arm's success is weighed by: its measured accuracy, 1 when unknown — a capability
 * without a measure (CRM lookups, scoring) or a skill not measured yet is judged on success and
 * latency alone, as before accuracy existed. Reward = success × accuracyWeight.
 */
export const accuracyWeight = (a: Arm): number => knownAccuracy(a) ?? 1;

/**
 * The arms that may be chosen at all under `floor`: those whose measured accuracy is not below it,
 * and those not measured (no evidence against them). An arm measured below the floor is never a
 * choice, however untried or fast — UCB would otherwise try it first as an untried arm, and a
 * recogniser that mishears half the words would take over the calls a failed backend dropped.
 */
export const eligibleArms = (arms: Arm[], floor: number): Arm[] =>
  arms.filter((a) => {
    const acc = knownAccuracy(a);
    return acc === null || acc >= floor;
  });

/**
 * Latency cost per arm (same order as `arms`): weight × (latency − fastest) / (slowest − fastest),
 * min–max normalised over the arms whose latency is known, so the fastest known arm costs 0 and
 * the slowest costs `weight`. An arm of unknown latency costs nothing extra — it is treated like
 * the fastest, which is optimistic and so leans towards trying it. With fewer than two distinct
 * known latencies nothing costs anything (there is no spread to normalise).
 */
export function latencyCosts(arms: Arm[], weight: number): number[] {
  const known = arms.map(knownLatency);
  const values = known.filter((l): l is number => l !== null);
  if (!values.length || weight === 0) return arms.map(() => 0);
  const lo = Math.min(...values);
  const spread = Math.max(...values) - lo;
  return known.map((l) => (l === null || spread === 0 ? 0 : (weight * (l - lo)) / spread));
}

/** Greedy utility per arm: posterior mean success × accuracy weight, minus latency cost. */
export const greedyUtilities = (arms: Arm[], costs: number[]): number[] =>
  arms.map((a, i) => posteriorMean(a) * accuracyWeight(a) - costs[i]!);

/** Index of the highest score; ties go to the first. */
export function argmax(scores: number[]): number {
  let best = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[best]!) best = i;
  return best;
}

/** Index of the highest score other than `except`, or -1 when there is only one arm. */
export function runnerUp(scores: number[], except: number): number {
  let best = -1;
  for (let i = 0; i < scores.length; i++) if (i !== except && (best < 0 || scores[i]! > scores[best]!)) best = i;
  return best;
}

/** Scores keyed by arm id. */
export const scoreRecord = (arms: Arm[], scores: number[]): Record<string, number> =>
  Object.fromEntries(arms.map((a, i) => [a.id, scores[i]!]));

/**
 * Throws on input outside the contract: no arms, duplicate ids (scores are keyed by id), or
 * counts that are not finite numbers ≥ 0, an accuracy outside [0, 1]. Such input is a caller bug, not uncertainty.
 */
export function assertArms(arms: Arm[]): void {
  if (!arms.length) throw new RangeError('chooseArm needs at least one arm');
  const seen = new Set<string>();
  for (const a of arms) {
    if (seen.has(a.id)) throw new RangeError(`duplicate arm id ${a.id}`);
    seen.add(a.id);
    for (const k of ['successes', 'failures'] as const)
      if (!Number.isFinite(a[k]) || a[k] < 0) throw new RangeError(`arm ${a.id}: ${k} must be a finite number ≥ 0, got ${a[k]}`);
    if (a.accuracy !== undefined && a.accuracy !== null && knownAccuracy(a) === null)
      throw new RangeError(`arm ${a.id}: accuracy must be a number in [0, 1] or null, got ${a.accuracy}`);
  }
}
