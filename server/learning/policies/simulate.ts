import { chooseArm } from './choose.ts';
import { seededRandom } from './random.ts';
import type { Arm, ExploitExplorePolicy } from '../../../lib/exploit-explore.ts';

/**
 * A Bernoulli bandit for comparing strategies empirically (the DRR's "policy experimentation"):
 * each round chooseArm picks an arm, the arm succeeds with its true probability, and its counts
 * update. Reproducible from `seed`: the policy and the environment draw from two separate seeded
 * streams, so changing the policy does not change the environment's luck on a given pull.
 */
export interface Bandit {
  /** True success probability per arm, in [0, 1]. */
  probabilities: number[];
  policy: ExploitExplorePolicy;
  rounds: number;
  seed: number;
  /** Starting counts per arm (e.g. the graph's history); zero when absent. */
  prior?: Array<Pick<Arm, 'successes' | 'failures'>>;
  /** Latency per arm, passed to the policy as-is (the environment itself ignores it). */
  latency_ms?: Array<number | null>;
}

export interface BanditRun {
  /** The arm index chosen each round. */
  picks: number[];
  /** Per-round pseudo-regret: best probability − the chosen arm's probability. */
  regret: number[];
  /** Counts after the last round. */
  arms: Arm[];
}

export function simulate(b: Bandit): BanditRun {
  const policyRandom = seededRandom(b.seed);
  const world = seededRandom((b.seed ^ 0x9e3779b9) >>> 0);
  const arms: Arm[] = b.probabilities.map((_, i) => ({
    id: `arm-${i}`,
    successes: b.prior?.[i]?.successes ?? 0,
    failures: b.prior?.[i]?.failures ?? 0,
    latency_ms: b.latency_ms?.[i] ?? null,
  }));
  const index = new Map(arms.map((a, i) => [a.id, i]));
  const best = Math.max(...b.probabilities);
  const picks: number[] = [];
  const regret: number[] = [];
  for (let t = 0; t < b.rounds; t++) {
    const k = index.get(chooseArm(arms, b.policy, policyRandom).arm)!;
    const arm = arms[k]!;
    if (world() < b.probabilities[k]!) arm.successes++;
    else arm.failures++;
    picks.push(k);
    regret.push(best - b.probabilities[k]!);
  }
  return { picks, regret, arms };
}
