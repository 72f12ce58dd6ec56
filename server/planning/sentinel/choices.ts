import type { SkillChoiceEvidence, ToolCallPlan, ToolCallRecord } from '../../../lib/planning/schemas.ts';
import { chooseArm, resolvePolicy, type ResolvedPolicy } from '../../learning/policies/index.ts';

/**
 * The skill choices the policy checks judge. A choice is judged when the agent made it (the skill
 * is not one the unit was handed, `given_skills`), there were alternatives (≥ 2 arms), the skill
 * chosen is one of the arms, and the arms are valid for the policies (unique ids, counts finite
 * and ≥ 0 — chooseArm refuses anything else). Evidence the policies cannot read is not judged.
 */

/** The plan's policy with the learning policies' defaults (explorationRate 0.1, c = 1, latencyWeight 0.1). */
export const planPolicy = (plan: ToolCallPlan): ResolvedPolicy => resolvePolicy(plan.planningContext.policy);

export function isJudged(plan: ToolCallPlan, choice: SkillChoiceEvidence): boolean {
  if (plan.given_skills.includes(choice.chosen) || choice.arms.length < 2) return false;
  if (!choice.arms.some((a) => a.id === choice.chosen)) return false;
  try {
    chooseArm(choice.arms, { strategy: 'Greedy' });
    return true;
  } catch {
    return false;
  }
}

/** The judged choices in call order (by their record's `seq`; unknown records keep their place at the end). */
export function judgedChoices(plan: ToolCallPlan, choices: SkillChoiceEvidence[], records: ToolCallRecord[]) {
  const seq = new Map(records.map((r) => [r.id, r.seq]));
  const at = (c: SkillChoiceEvidence) => seq.get(c.record_id) ?? Number.POSITIVE_INFINITY;
  return choices
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => isJudged(plan, c))
    .sort((x, y) => at(x.c) - at(y.c) || x.i - y.i)
    .map(({ c }) => c);
}
