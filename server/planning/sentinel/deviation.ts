import type { DeviationRationale, ToolCallPlan } from '../../../lib/planning/schemas.ts';
import { assignIntents, bySeq, isBookkeeping } from './match.ts';
import { findingKey, type CheckTime, type FindingDraft, type SentinelInput } from './types.ts';

/**
 * PlanDeviation, the DRR's "plan-execution alignment" (match.ts says which call carries out
 * which intent):
 * - unplanned_call (live and at the end): an executed call — not refused, not the plan's
 *   bookkeeping — that carries out no intent, unless the plan holds a rationale of kind
 *   unplanned_call for that tool.
 * - skipped_intent (at the end only): a declared intent no call carried out, unless the plan
 *   holds a rationale of kind skipped_intent for that tool. Fallbacks are contingencies — not
 *   running one is no deviation (they are nested, never in plannedSequence itself). A plan that
 *   ended Failed skipped nothing after the last intent it reached (it failed before them); a
 *   Replaced plan skipped nothing (its unfinished intents moved to the plan replacing it).
 */

const explained = (plan: ToolCallPlan, kind: DeviationRationale['kind'], toolName: string): boolean =>
  plan.deviations.some((d) => d.kind === kind && d.toolName === toolName);

export function unplannedCallFindings(input: SentinelInput, when: CheckTime): FindingDraft[] {
  const { plan } = input;
  const intents = assignIntents(plan, input.records, input.capabilityOf);
  return bySeq(input.records)
    .filter((r) => r.status !== 'refused' && !isBookkeeping(r.tool_name) && intents.get(r.id) === null)
    .filter((r) => !explained(plan, 'unplanned_call', r.tool_name))
    .map((r) => ({
      key: findingKey(plan.planId, 'PlanDeviation', `unplanned:${r.id}`),
      plan_id: plan.planId,
      agent_id: plan.agent_id,
      type: 'PlanDeviation',
      when,
      message:
        `${r.tool_name} was called (call ${r.seq + 1}) but the plan declares no intent it carries out, ` +
        'and no rationale for it was given.',
      detail: { type: 'PlanDeviation', deviation: 'unplanned_call', expected: null, actual: { tool_name: r.tool_name, record_id: r.id } },
      evidence: [r.id],
    }));
}

export function skippedIntentFindings(input: SentinelInput): FindingDraft[] {
  const { plan } = input;
  if (plan.executionState === 'Replaced') return [];
  const carriedOut = new Set([...assignIntents(plan, input.records, input.capabilityOf).values()]);
  const reached = Math.max(-1, ...[...carriedOut].filter((i): i is number => i !== null));
  const last = plan.executionState === 'Failed' ? reached : plan.plannedSequence.length - 1;
  return plan.plannedSequence.flatMap((intent, index) => {
    if (index > last || carriedOut.has(index) || explained(plan, 'skipped_intent', intent.toolName)) return [];
    const what = intent.skill ? `${intent.toolName} (${intent.skill})` : intent.toolName;
    return [
      {
        key: findingKey(plan.planId, 'PlanDeviation', `skipped:${index}`),
        plan_id: plan.planId,
        agent_id: plan.agent_id,
        type: 'PlanDeviation' as const,
        when: 'end' as const,
        message:
          `Intent ${index + 1} of ${plan.plannedSequence.length}, ${what}, was declared but never called, ` +
          'and no rationale for skipping it was given.',
        detail: { type: 'PlanDeviation' as const, deviation: 'skipped_intent' as const, expected: intent, actual: null },
        evidence: [],
      },
    ];
  });
}
