import type { DeclarePlanInput } from '../../../contracts/planning/ports.ts';
import type { PlanUnit, ToolCallIntent } from '../../../../lib/planning/schemas.ts';
import type { ToolCallsDecision } from '../brain.ts';
import { brainPlan, decisionIntents, intent, oncePerTool } from '../plan-of.ts';
import type { PlannerContext } from './context.ts';
import { PLANNER_FLOWS } from './flows.ts';
import { NOTIFY_SCHEDULED_STEP } from './schedule-flow.ts';

/**
 * The Planner's tool-call plan for a turn (Brain.plan, issue 17): the tools its flow calls from
 * here to the turn's answer or question, each with why in plain words. The flow is the one the
 * decision came from (PlannerContext.flow, set where planner-brain.ts dispatches through the flow
 * registry and where a flow's work turns to another flow); its forecast is the one its registry
 * entry declares beside its code (flows.ts). A step whose return the episode already holds is left
 * out, since the flow replays it instead of calling again. The forecast takes the greedy path
 * (reuse before building): when the flow turns to building or healing, the loop replans with the
 * Planner's reasoning and asks again, and this forecast then reads the returns that made it turn.
 *
 * Returns the plan for the turn that `decision` continues, or null (no flow: the runtime declares from the decision).
 */
export function plannerTurnPlan(ctx: PlannerContext, decision: ToolCallsDecision, unit: PlanUnit): DeclarePlanInput | null {
  if (!ctx.flow) return null;
  const forecast: ToolCallIntent[] = PLANNER_FLOWS[ctx.flow].forecast
    .filter((s) => (s.when ? s.when(ctx) : true))
    .filter((s) => !(s.once && ctx.find(s.tool)?.ok))
    .filter((s) => ctx.has(s.tool))
    .map((s) => intent(s.tool, s.why));
  if (ctx.episode?.request.scheduled && ctx.has(NOTIFY_SCHEDULED_STEP.tool)) {
    forecast.push(intent(NOTIFY_SCHEDULED_STEP.tool, NOTIFY_SCHEDULED_STEP.why));
  }
  // What the flow does now comes first, in its own words; the forecast's later steps follow.
  const now = decisionIntents(decision);
  const calledNow = new Set(now.map((i) => i.toolName));
  const later = forecast.slice(lastIndexIn(forecast, calledNow) + 1);
  return brainPlan(goalOf(ctx), oncePerTool([...now, ...later]), unit);
}

/** The request the episode works on, and this turn's message when it is a reply to the Planner ("yes"). */
function goalOf(ctx: PlannerContext): string {
  const request = ctx.episode ? ctx.input.history[ctx.episode.start]?.content : undefined;
  const asked = typeof request === 'string' && request.trim() ? request.trim() : ctx.inbound;
  return asked === ctx.inbound ? asked : `${asked} (this turn: “${ctx.inbound.trim()}”)`;
}

function lastIndexIn(intents: ToolCallIntent[], names: Set<string>): number {
  for (let i = intents.length - 1; i >= 0; i--) if (names.has(intents[i]!.toolName)) return i;
  return -1;
}
