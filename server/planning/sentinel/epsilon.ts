import { judgedChoices, planPolicy } from './choices.ts';
import { expectation } from './expectation.ts';
import { num } from './format.ts';
import { policyViolation } from './policy.ts';
import type { FindingDraft, SentinelInput } from './types.ts';

/**
 * PolicyViolation for an EpsilonGreedy plan, at its end. Per decision any arm is allowed (the
 * random branch may take any); over the plan, the number k of non-greedy choices (an arm outside
 * the greedy ones at the time) out of n judged decisions must not exceed
 *   n·ε + 3·sqrt(n·ε·(1 − ε)) + 1,
 * the mean of Binomial(n, ε) plus about three standard deviations, plus one for small n. Even if
 * every exploration took a non-greedy arm, the exact binomial tail beyond the bound stays under
 * 0.4 % for every n ≤ 300 (epsilon.test.ts checks it); in fact the random branch lands on a
 * greedy arm too (non-greedy at rate ε·(1 − 1/arms) < ε), so an honest chooser is flagged rarer still.
 * One finding, naming the last non-greedy choice; its evidence is every non-greedy choice.
 */
export function epsilonBound(n: number, rate: number): number {
  return n * rate + 3 * Math.sqrt(n * rate * (1 - rate)) + 1;
}

export function epsilonFindings(input: SentinelInput): FindingDraft[] {
  const policy = planPolicy(input.plan);
  if (policy.strategy !== 'EpsilonGreedy') return [];
  const decisions = judgedChoices(input.plan, input.choices, input.records).map((choice) => ({
    choice,
    greedy: expectation('Greedy', choice.arms, policy, choice.record_id),
  }));
  const nonGreedy = decisions.filter((d) => !d.greedy.expected.includes(d.choice.chosen));
  const n = decisions.length;
  const k = nonGreedy.length;
  const bound = epsilonBound(n, policy.explorationRate);
  const last = nonGreedy.at(-1);
  if (!last || k <= bound) return [];
  const message =
    `The EpsilonGreedy plan (explorationRate ${num(policy.explorationRate)}) took a non-greedy arm in ` +
    `${k} of ${n} skill choices, more than the ${num(bound)} its rate allows ` +
    '(n·ε + 3·√(n·ε·(1 − ε)) + 1); ' +
    `the last: ${last.choice.chosen} for ${last.choice.capability}, where Greedy takes ` +
    `${last.greedy.expected.join(' or ')}.`;
  const finding = policyViolation(input, 'end', 'EpsilonGreedy', last.choice, last.greedy, 'epsilon-greedy', message);
  return [{ ...finding, evidence: nonGreedy.map((d) => d.choice.record_id) }];
}
