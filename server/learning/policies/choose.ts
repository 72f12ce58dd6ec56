import { epsilonGreedy } from './epsilon-greedy.ts';
import { greedy } from './greedy.ts';
import { resolvePolicy } from './policy-schema.ts';
import type { Strategy } from './strategy.ts';
import { thompsonSampling } from './thompson.ts';
import type { Arm, Choice, ExploitExplorePolicy, Random, StrategyName } from '../../../lib/exploit-explore.ts';
import { ucb } from './ucb.ts';
import { assertArms, latencyCosts } from './utility.ts';

const STRATEGY: Record<StrategyName, Strategy> = {
  Greedy: greedy,
  EpsilonGreedy: epsilonGreedy,
  UCB: ucb,
  ThompsonSampling: thompsonSampling,
};

/**
 * Choose one arm (skill) under `policy`. Pure: the result depends only on the arguments, and is
 * deterministic given `random` (default Math.random) — pass seededRandom(seed) to reproduce a run.
 * Throws RangeError on no arms, duplicate ids or bad counts, ZodError on an invalid policy.
 */
export function chooseArm(arms: Arm[], policy: ExploitExplorePolicy, random: Random = Math.random): Choice {
  assertArms(arms);
  const p = resolvePolicy(policy);
  return STRATEGY[p.strategy](arms, p, latencyCosts(arms, p.latencyWeight), random);
}
