import { epsilonGreedy } from './epsilon-greedy.ts';
import { greedy } from './greedy.ts';
import { resolvePolicy } from './policy-schema.ts';
import type { Strategy } from './strategy.ts';
import { thompsonSampling } from './thompson.ts';
import type { Arm, Choice, ExploitExplorePolicy, Random, StrategyName } from '../../../lib/exploit-explore.ts';
import { ucb } from './ucb.ts';
import { assertArms, eligibleArms, latencyCosts } from './utility.ts';

const STRATEGY: Record<StrategyName, Strategy> = {
  Greedy: greedy,
  EpsilonGreedy: epsilonGreedy,
  UCB: ucb,
  ThompsonSampling: thompsonSampling,
};

/**
 * Choose one arm (skill) under `policy`. Pure: the result depends only on the arguments, and is
 * deterministic given `random` (default Math.random) — pass seededRandom(seed) to reproduce a run.
 * Only arms eligible under `accuracyFloor` (utility.ts eligibleArms) are considered, scored and
 * chosen: an arm measured below the floor is never the choice, explored or not.
 * Throws RangeError on no arms, duplicate ids, bad counts or accuracy, or no arm eligible; ZodError
 * on an invalid policy.
 */
export function chooseArm(arms: Arm[], policy: ExploitExplorePolicy, random: Random = Math.random): Choice {
  assertArms(arms);
  const p = resolvePolicy(policy);
  const eligible = eligibleArms(arms, p.accuracyFloor);
  if (!eligible.length) throw new RangeError(`no arm has an accuracy at or above the floor ${p.accuracyFloor}`);
  return STRATEGY[p.strategy](eligible, p, latencyCosts(eligible, p.latencyWeight), random);
}
