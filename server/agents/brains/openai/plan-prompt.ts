import type { PlanUnit } from '../../../../lib/planning/schemas.ts';

/**
 * What the model is told when the runtime tracks tool-call plans (issue 17, DRR-005) and it can
 * declare one: declare before the first tool call of the turn, for the turn's unit. A model that
 * does not gets a plan declared for it by the runtime (`declared_by: runtime`), whose every call
 * beyond its first step the sentinel reads as a deviation — the prompt says so, so the model knows
 * what ignoring it costs.
 */
export function planInstruction(unit: PlanUnit): string {
  return [
    '<tool_call_plan>',
    'Before your first tool call of this turn, call declare_tool_call_plan once, in the same step as',
    'or before that call, with:',
    '- goal: what this turn is trying to achieve, in one sentence;',
    '- plannedSequence: the tools you intend to call, in order, each with its rationale (why this tool now),',
    '  expectedOutcome, the skill it means for a skill call, and fallbackOnFailure when you have a fallback;',
    '- constraints: the budget you need (maxToolCalls, maxLatency in milliseconds, maxCost in units);',
    '- policy: your explore/exploit strategy for skill choices (Greedy unless you have a reason);',
    `- unit: ${JSON.stringify(unit)} — exactly this.`,
    'If the plan stops fitting (a tool failed, a result changed what is needed), call update_tool_call_plan',
    'with the plan_id, the new plannedSequence and a reason before you go on. When you end a planned step',
    "early or skip an intent, say why in update_tool_call_plan's deviations.",
    'If you declare nothing, the runtime declares a plan of your first calls for you and records every other',
    "call as a deviation from it. A call over the plan's budget may be refused (budget_exceeded): then stop",
    'calling tools and give your best answer so far.',
    '</tool_call_plan>',
  ].join('\n');
}
