import type { SkillChoiceEvidence } from '../../../lib/planning/schemas.ts';
import type { StrategyName } from '../../learning/policies/index.ts';
import { judgedChoices, planPolicy } from './choices.ts';
import { expectation, THOMPSON_FLOOR, type Expectation } from './expectation.ts';
import { findingKey, type CheckTime, type FindingDraft, type SentinelInput } from './types.ts';

/**
 * PolicyViolation per decision (live and at the end): a judged skill choice (choices.ts) that the
 * plan's strategy would not take on the counts at the time (expectation.ts) — Greedy not taking a
 * best-known arm, UCB not taking an arm of highest bound (untried arms first), Thompson taking an
 * arm with under 1 % chance of being the best. EpsilonGreedy allows any arm per decision; its
 * exploration is judged over the plan at its end (epsilon.ts).
 */
export function policyFindings(input: SentinelInput, when: CheckTime): FindingDraft[] {
  const { plan } = input;
  const policy = planPolicy(plan);
  if (policy.strategy === 'EpsilonGreedy') return [];
  return judgedChoices(plan, input.choices, input.records).flatMap((choice) => {
    const e = expectation(policy.strategy, choice.arms, policy, choice.record_id);
    if (e.expected.includes(choice.chosen)) return [];
    const message = whyNot(policy.strategy, choice, e);
    return [policyViolation(input, when, policy.strategy, choice, e, choice.record_id, message)];
  });
}

/** One PolicyViolation draft; `subject` keys it (a record id, or the plan-wide EpsilonGreedy check). */
export function policyViolation(
  input: SentinelInput,
  when: CheckTime,
  strategy: StrategyName,
  choice: SkillChoiceEvidence,
  e: Expectation,
  subject: string,
  message: string,
): FindingDraft {
  const { plan } = input;
  return {
    key: findingKey(plan.planId, 'PolicyViolation', subject),
    plan_id: plan.planId,
    agent_id: plan.agent_id,
    type: 'PolicyViolation',
    when,
    message,
    detail: {
      type: 'PolicyViolation',
      strategy,
      capability: choice.capability,
      chosen: choice.chosen,
      expected: e.expected,
      scores: e.scores,
    },
    evidence: [choice.record_id],
  };
}

const score = (x: number | null | undefined): string => (x === null ? '∞' : (x ?? Number.NaN).toFixed(3));
const percent = (x: number | null | undefined): string => `${((x ?? 0) * 100).toFixed(1)} %`;

function whyNot(strategy: StrategyName, choice: SkillChoiceEvidence, e: Expectation): string {
  const head = `The ${strategy} plan chose ${choice.chosen} for ${choice.capability}`;
  const them = e.expected.join(' or ');
  const top = e.scores[e.expected[0]!];
  switch (strategy) {
    case 'UCB':
      return top === null
        ? `${head}, but ${them} ${e.expected.length === 1 ? 'is' : 'are'} untried and UCB tries untried arms first.`
        : `${head} (bound ${score(e.scores[choice.chosen])}), but the highest UCB bound is ${them} at ${score(top)}.`;
    case 'ThompsonSampling':
      return (
        `${head}, which had a ${percent(e.scores[choice.chosen])} chance of being the best arm under the Beta ` +
        `posteriors (below ${percent(THOMPSON_FLOOR)}); a Thompson chooser takes ${them}.`
      );
    default:
      return `${head} (utility ${score(e.scores[choice.chosen])}), but the best-known arm is ${them} ` + `at ${score(top)}.`;
  }
}
