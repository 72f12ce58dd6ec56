import { updatePlanInput } from '../../contracts/planning/ports.ts';
import { isFailure } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { agentOf, planChangeOut, planningOf, resultOf } from './planning.ts';

/**
 * update_tool_call_plan (issue 17): the owner of an active plan replans it (a new plan linked to
 * this one, which ends Replaced; `reason` required), explains deviations, or ends it Complete or
 * Failed — which runs the sentinel's end-of-plan checks and returns their findings.
 */
export const updateToolCallPlanTool = defineTool({
  name: 'update_tool_call_plan',
  description: [
    'Change your active tool-call plan (plan_id). Replan — new plannedSequence, constraints (budget) or policy,',
    'with a reason — to get a new plan linked to this one, which ends Replaced and keeps its calls and findings.',
    'Explain deviations: a tool you called outside the plan (unplanned_call) or an intent you skipped',
    '(skipped_intent), each with a rationale. End it with execution_state Complete or Failed: the end-of-plan',
    'checks run and their findings are returned (`ended`). A replan cannot also end the plan.',
  ].join(' '),
  readOnly: false,
  input: updatePlanInput,
  output: planChangeOut,
  async handler(args, { actor, services }) {
    const agent = agentOf(actor);
    if (isFailure(agent)) return agent;
    const planning = planningOf(services);
    if (isFailure(planning)) return planning;
    return resultOf(await planning.update(agent.id, args));
  },
});
