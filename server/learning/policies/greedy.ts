import { accuracyFactor, ahead, evidence, fmt } from './rationale.ts';
import type { Strategy } from './strategy.ts';
import { argmax, greedyUtilities, posteriorMean, runnerUp, scoreRecord } from './utility.ts';
import type { Arm } from '../../../lib/exploit-explore.ts';

/**
 * Greedy: the highest utility — posterior mean success rate under Beta(1, 1), weighed by the arm's
 * measured accuracy when it has one (utility.ts accuracyWeight), minus latency cost;
 * ties go to the first arm. Never explores, so it converges only when the counts it starts from
 * (the graph's history) already order the arms correctly.
 */
export const greedy: Strategy = (arms, _policy, costs) => {
  const g = greedyPick(arms, costs);
  return {
    arm: arms[g.index]!.id,
    strategy: 'Greedy',
    explored: false,
    scores: scoreRecord(arms, g.utilities),
    rationale: `Greedy chose ${g.reason}.`,
  };
};

export interface GreedyPick {
  index: number;
  utilities: number[];
  /** "skill://a for the highest utility 0.875 (posterior success …), ahead of skill://b at 0.500" */
  reason: string;
}

/** The greedy choice with its reason (EpsilonGreedy's exploit branch reuses it). */
export function greedyPick(arms: Arm[], costs: number[]): GreedyPick {
  const utilities = greedyUtilities(arms, costs);
  const index = argmax(utilities);
  const a = arms[index]!;
  const reason =
    `${a.id} for the highest utility ${fmt(utilities[index]!)} (posterior success ` +
    `${fmt(posteriorMean(a))}${accuracyFactor(a)} from ` +
    `${evidence(a, costs[index]!)})${ahead(arms, utilities, runnerUp(utilities, index))}`;
  return { index, utilities, reason };
}
