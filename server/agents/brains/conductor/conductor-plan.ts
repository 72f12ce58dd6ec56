import type { DeclarePlanInput } from '../../../contracts/planning/ports.ts';
import type { PlanUnit, ToolCallIntent } from '../../../../lib/planning/schemas.ts';
import { parseObject, type ToolCallsDecision } from '../brain.ts';
import { brainPlan, decisionIntents, intent, oncePerTool } from '../plan-of.ts';
import type { ConductorContext } from './context.ts';

/**
 * The Conductor's tool-call plan (Brain.plan, issue 17). For a delegation — a review request's
 * tasks, or a result's retry and waiting tasks — one plan per delegation: unit `delegation`, its
 * id the request's, in the delegated-mode session; the intents are delegate-flow.ts's steps from
 * here on (record the goal, discover skills, staff the pool, one delegate_task per advisor). Each
 * task it hands out carries the Companion's budget (task-budget.ts). Any other turn that calls
 * tools (finishing the session, …) plans the decision's own calls for the chat turn; reading the
 * CRM first (list_advisors; list_products and describe_rule_set for the focus's rules) declares nothing yet
 * ('later'): the plan comes with what follows.
 */
const READS_FIRST = new Set(['list_advisors', 'list_products', 'describe_rule_set']);

export function conductorPlan(ctx: ConductorContext, decision: ToolCallsDecision, unit: PlanUnit): DeclarePlanInput | 'later' | null {
  const d = ctx.delegation;
  // Reading the CRM (its advisors, the rule set a focus's rules come from) comes before the Conductor knows what the turn is
  // (a delegation, a question): plan with that.
  if (!d && decision.tool_calls.every((c) => READS_FIRST.has(c.name))) return 'later';
  if (!d) return brainPlan(ctx.inbound, decisionIntents(decision), unit);
  const requestId = requestIdIn(decision) ?? d.requestId;
  const session = ctx.session()?.session_id ?? unit.session_id;
  const n = d.subjects.length;
  const steps: ToolCallIntent[] = [
    ...(ctx.find('update_session_context')
      ? []
      : [intent('update_session_context', 'Record the request as a goal in the shared session_context; it names the request.')]),
    ...(ctx.find('get_skillset')
      ? []
      : [
          intent('search_embeddings', 'Search the skill catalog for each function of a call review.'),
          intent('get_skillset', "Read the catalog's skills with their capabilities, tools and parameters."),
          intent(
            'get_skill_reliability',
            'Where a function has alternatives, compare their recorded reliability ' +
              "(after the Strategist's standing preferences) before choosing.",
          ),
        ]),
    ...(ctx.find('list_session_companions')
      ? []
      : [intent('list_session_companions', "List the session's Companions, to reuse idle ones before creating any.")]),
    intent('create_companion', 'Create a Companion only where none is idle and the pool has room.'),
    intent(
      'delegate_task',
      `Hand ${n === 1 ? 'the task' : `the ${n} tasks`} (${d.subjects.join(', ')}) to Companions ` +
        'at once, each with its skills, plan and budget.',
      { expectedOutcome: 'each Companion reports a task_result' },
    ),
  ].filter((i) => ctx.has(i.toolName));
  const now = decisionIntents(decision, d.why);
  const calledNow = new Set(now.map((i) => i.toolName));
  const from = steps.findIndex((i) => calledNow.has(i.toolName));
  const later = from < 0 ? steps : steps.slice(from + 1);
  const goal = `Delegate ${d.subjects.join(', ')}'s review (request ${requestId}): ${d.why}`;
  return brainPlan(goal, oncePerTool([...now, ...later]), {
    kind: 'delegation',
    id: requestId || unit.id,
    ...(session ? { session_id: session } : {}),
  });
}

/** The request id the decision's goal record mints (update_session_context's last goal). */
function requestIdIn(decision: ToolCallsDecision): string | null {
  const call = decision.tool_calls.find((c) => c.name === 'update_session_context');
  const goals = call ? parseObject(call.arguments)?.goals_json : undefined;
  if (typeof goals !== 'string') return null;
  try {
    const list: unknown = JSON.parse(goals);
    const last = Array.isArray(list) ? list.at(-1) : null;
    const id = (last as { request_id?: unknown } | null)?.request_id;
    return typeof id === 'string' && id ? id : null;
  } catch {
    return null;
  }
}
