import { declarePlanInput } from '../../contracts/planning/ports.ts';
import { declareContext, type RunOwner } from '../../planning/unit-owner.ts';
import { runKeys } from '../../controlplane/keys.ts';
import { isFailure } from '../../tool-result.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { defineTool } from '../define-tool.ts';
import { agentOf, planChangeOut, planningOf, resultOf } from './planning.ts';

/**
 * declare_tool_call_plan (issue 17; DRR-005's ToolCallPlan): the calling agent declares what it
 * will do for one unit of work before acting. The plan becomes its active plan: every tool-layer
 * call it makes is attributed to it and checked by the sentinel; an active plan it had ends Complete.
 */
export const declareToolCallPlanTool = defineTool({
  name: 'declare_tool_call_plan',
  description: [
    'Declare your tool-call plan before acting (DRR-005): the goal, the tools you intend to call in order',
    '(plannedSequence: toolName, rationale — why this tool now —, expectedOutcome, the skill a skill call means,',
    'and fallbackOnFailure: the intent to try if this one fails), a budget (constraints: maxToolCalls, maxLatency in',
    'ms, maxCost in resource units — one per model token, configured units per tool and skill), the explore/exploit',
    'policy of your skill choices (strategy Greedy | EpsilonGreedy | UCB | ThompsonSampling, preferGeneralMethods)',
    'and the unit of work (kind chat_turn | delegation | companion_task | workflow_run, its id, its session).',
    'It becomes your active plan: each tool call you make is recorded against it and checked (budget, deviations,',
    'policy, general methods). In enforce mode a call over the budget is refused with budget_exceeded. A plan you',
    'had active ends Complete. Change it with update_tool_call_plan; read it with get_tool_call_plan.',
  ].join(' '),
  readOnly: false,
  input: declarePlanInput,
  output: planChangeOut,
  async handler(args, { actor, services, plansHeld }) {
    const agent = agentOf(actor);
    if (isFailure(agent)) return agent;
    const planning = planningOf(services);
    if (isFailure(planning)) return planning;
    const context = services.db ? await declareContext(await services.db(), agent.id, args.unit, runOwner(services)) : {};
    return resultOf(await planning.declare(agent.id, args, plansHeld ? { ...context, held: true } : context));
  },
});

/** The run's workflow and starter from the control plane, when this process has one. */
function runOwner(services: ToolServices): RunOwner | undefined {
  const execution = services.execution;
  if (!execution) return undefined;
  return async (runId) => {
    // The two fields alone: the run record also holds the run's whole input.
    const [id, workflowId, startedBy] = await (await execution()).redis.hmget(runKeys(runId).run, 'run_id', 'workflow_id', 'started_by');
    return id ? { workflow_id: workflowId ?? '', started_by: startedBy ?? '' } : null;
  };
}
