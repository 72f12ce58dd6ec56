import { accuracyFactor, count, fmt, ahead } from './rationale.ts';
import type { Strategy } from './strategy.ts';
import { accuracyWeight, argmax, greedyUtilities, pulls, runnerUp, scoreRecord } from './utility.ts';

/**
 * UCB1 (Auer, Cesa-Bianchi & Fischer 2002). Untried arms (0 pulls) first — the cheapest by
 * latency cost, ties to the first — since their bound is unbounded (scored `Infinity`). Once all
 * are tried: score = empirical mean s/n × accuracy weight (utility.ts; 1 when unmeasured)
 * + c·sqrt(2 ln N / n) − latency cost, with n the arm's
 * pulls, N all pulls, and c = policy.temperature (default 1, plain UCB1). The empirical mean
 * (not the Beta posterior mean) is what UCB1's logarithmic-regret bound is stated for.
 * `explored` when the arm is untried or is not the one Greedy would take.
 */
export const ucb: Strategy = (arms, policy, costs) => {
  const c = policy.temperature;
  const n = arms.map(pulls);
  const total = n.reduce((s, x) => s + x, 0);
  const logN = Math.log(Math.max(total, 1));
  const mean = arms.map((a, i) => (n[i]! > 0 ? a.successes / n[i]! : 0));
  const reward = arms.map((a, i) => mean[i]! * accuracyWeight(a));
  const bonus = n.map((ni) => (ni > 0 ? c * Math.sqrt((2 * logN) / ni) : Infinity));
  const scores = arms.map((_, i) => (n[i]! > 0 ? reward[i]! + bonus[i]! - costs[i]! : Infinity));
  const greedyIndex = argmax(greedyUtilities(arms, costs));

  const untried = arms.map((_, i) => i).filter((i) => n[i] === 0);
  if (untried.length) {
    const i = untried.reduce((best, j) => (costs[j]! < costs[best]! ? j : best));
    return {
      arm: arms[i]!.id,
      strategy: 'UCB',
      explored: true,
      scores: scoreRecord(arms, scores),
      rationale:
        `UCB chose ${arms[i]!.id} because it is untried (0 pulls, latency cost ${fmt(costs[i]!)}) and UCB1 ` +
        `tries each of the ${untried.length} untried of ${arms.length} arms once before comparing bounds, ` +
        `with ${count(total)} pulls so far.`,
    };
  }
  const i = argmax(scores);
  return {
    arm: arms[i]!.id,
    strategy: 'UCB',
    explored: i !== greedyIndex,
    scores: scoreRecord(arms, scores),
    rationale:
      `UCB chose ${arms[i]!.id} for the highest bound ${fmt(scores[i]!)} = mean ${fmt(mean[i]!)} ` +
      `(${count(arms[i]!.successes)} of ${count(n[i]!)})${accuracyFactor(arms[i]!)} + bonus ${fmt(bonus[i]!)} (c ${fmt(c)}, N ` +
      `${count(total)}) − latency cost ${fmt(costs[i]!)}${ahead(arms, scores, runnerUp(scores, i))}.`,
  };
};
