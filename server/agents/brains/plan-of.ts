import type { DeclarePlanInput } from '../../contracts/planning/ports.ts';
import type { PlanUnit, ResourceBudget, ToolCallIntent } from '../../../lib/planning/schemas.ts';
import { parseObject, type ToolCallsDecision } from './brain.ts';

/**
 * Building blocks of the deterministic brains' tool-call plans (Brain.plan, issue 17). A brain
 * forecasts the tools its flow calls for the unit of work it starts, each with why in plain words;
 * the loop keeps only the tool layer's intents, and replans with the brain's reasoning when the
 * flow takes a step the forecast did not hold (server/agents/local/turn-plan.ts).
 */

export function intent(toolName: string, rationale: string, extra: { skill?: string; expectedOutcome?: string } = {}): ToolCallIntent {
  return { toolName, rationale: clip(rationale, 2_000), ...extra };
}

/** The decision's own calls as intents, its reasoning their rationale (what the brain is about to do now). */
export function decisionIntents(decision: ToolCallsDecision, fallback = 'the next step of my flow'): ToolCallIntent[] {
  const why = decision.reasoning?.trim() || fallback;
  return decision.tool_calls.map((c) => {
    const skill = parseObject(c.arguments)?.skill;
    return intent(c.name, why, typeof skill === 'string' ? { skill } : {});
  });
}

/** Intents in order, one per tool (the first kept): repeated calls of a tool carry out one intent. */
export function oncePerTool(intents: ToolCallIntent[]): ToolCallIntent[] {
  const seen = new Set<string>();
  return intents.filter((i) => {
    const key = `${i.toolName}\u0000${i.skill ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A brain's plan, or null when it forecasts no tool call (the runtime then declares from the decision). */
export function brainPlan(
  goal: string,
  intents: ToolCallIntent[],
  unit: PlanUnit,
  opts: { constraints?: ResourceBudget; given_skills?: string[] } = {},
): DeclarePlanInput | null {
  if (!intents.length) return null;
  return {
    goal: clip(goal.trim() || 'the message this turn answers', 4_000),
    plannedSequence: intents.slice(0, 200),
    unit,
    declared_by: 'agent',
    ...(opts.constraints ? { constraints: opts.constraints } : {}),
    ...(opts.given_skills?.length ? { given_skills: opts.given_skills.slice(0, 50) } : {}),
  };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
