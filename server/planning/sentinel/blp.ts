/**
 * BLPViolation — the bitter-lesson preference (FPF C.19.1, DRR-005 "flag domain-specific tricks
 * when general methods are available"), defined operationally:
 *
 *   When the plan's policy has `preferGeneralMethods: true`, a skill choice (SkillChoiceEvidence)
 *   with `general_method_used: false` is a trick: a skill hard-wired by name where the catalog
 *   offered alternatives for that capability (arms.length ≥ 2) and the plan consulted neither the
 *   catalog (get_skillset, a search, a list of alternatives) nor the policy (a recorded choice)
 *   before the call. The general method is to read the alternatives and let the plan's E/E
 *   strategy choose among them.
 *
 * Not a violation: the general method was used; only one skill offers the capability (there was
 * nothing to choose); `preferGeneralMethods` is false; the skill was handed to the unit
 * (`given_skills`: a task's skills_required, a Task state's binding), which is not the agent's
 * choice. Checked live and at the end, one finding per call (keyed by its record).
 */
import type { SkillChoiceEvidence } from '../../../lib/planning/schemas.ts';
import { findingKey, type CheckTime, type FindingDraft, type SentinelInput } from './types.ts';

/** Whether a choice is a trick under the definition above (the policy's flag checked by the caller). */
export function isTrick(givenSkills: string[], choice: SkillChoiceEvidence): boolean {
  return !choice.general_method_used && choice.arms.length >= 2 && !givenSkills.includes(choice.chosen);
}

export function blpFindings(input: SentinelInput, when: CheckTime): FindingDraft[] {
  const { plan } = input;
  const policy = plan.planningContext.policy;
  if (!policy.preferGeneralMethods) return [];
  return input.choices
    .filter((c) => isTrick(plan.given_skills, c))
    .map((c) => {
      const trick = `called ${c.chosen} by name`;
      const arms = c.arms.map((a) => a.id).join(', ');
      const generalAlternative =
        `choose among ${arms} for ${c.capability} with the plan's ${policy.strategy} policy ` + "(get_skillset, then the policy's choice)";
      return {
        key: findingKey(plan.planId, 'BLPViolation', c.record_id),
        plan_id: plan.planId,
        agent_id: plan.agent_id,
        type: 'BLPViolation' as const,
        when,
        message:
          `The plan prefers general methods but ${trick} for ${c.capability}, without consulting the catalog ` +
          `or its policy; the general method: ${generalAlternative}.`,
        detail: { type: 'BLPViolation' as const, trick, generalAlternative },
        evidence: [c.record_id],
      };
    });
}
