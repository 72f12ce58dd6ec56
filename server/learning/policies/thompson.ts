import { sampleBeta } from './beta.ts';
import { accuracyFactor, ahead, count, fmt } from './rationale.ts';
import type { Strategy } from './strategy.ts';
import { accuracyWeight, argmax, greedyUtilities, runnerUp, scoreRecord } from './utility.ts';

/**
 * ThompsonSampling: per arm, in order, one draw from its posterior Beta(1 + s, 1 + f) (Gamma
 * variates by Marsaglia–Tsang, from the injected random only), × the arm's accuracy weight
 * (utility.ts; 1 when unmeasured), minus latency cost; the highest
 * wins, ties to the first. Each arm is chosen with the probability that it is the best, so
 * exploration fades as the posteriors narrow. `explored` when the winner is not Greedy's arm.
 */
export const thompsonSampling: Strategy = (arms, _policy, costs, random) => {
  const draws = arms.map((a) => sampleBeta(1 + a.successes, 1 + a.failures, random));
  const scores = draws.map((d, i) => d * accuracyWeight(arms[i]!) - costs[i]!);
  const i = argmax(scores);
  const a = arms[i]!;
  return {
    arm: a.id,
    strategy: 'ThompsonSampling',
    explored: i !== argmax(greedyUtilities(arms, costs)),
    scores: scoreRecord(arms, scores),
    rationale:
      `ThompsonSampling chose ${a.id} for the highest score ${fmt(scores[i]!)}, its draw ${fmt(draws[i]!)} ` +
      `from Beta(${count(1 + a.successes)}, ${count(1 + a.failures)})${accuracyFactor(a)} minus latency cost ` +
      `${fmt(costs[i]!)}${ahead(arms, scores, runnerUp(scores, i))}.`,
  };
};
