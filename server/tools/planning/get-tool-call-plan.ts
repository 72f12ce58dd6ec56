import { z } from 'zod';
import { planViewSchema } from '../../../lib/planning/schemas.ts';
import { readPlanView } from '../../planning/store/plan-store.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { planningDb, planningOf } from './planning.ts';

/**
 * get_tool_call_plan (issue 17): a plan beside what happened — its calls (running ones of an
 * active plan included), the sentinel's findings and its use of the budget. Without `plan_id`
 * the calling agent's active plan. Read-only.
 */
export const getToolCallPlanTool = defineTool({
  name: 'get_tool_call_plan',
  description: [
    'Read a tool-call plan with what happened: the plan (goal, budget, policy, intents, state, the plan it replaces),',
    'the tool calls attributed to it (tool, start/end, status, cost units, the intent each carried out), the',
    "sentinel's findings (BudgetExceeded, PlanDeviation, PolicyViolation, BLPViolation, with evidence) and its",
    'usage of the budget (tool calls, latency, cost units, model tokens). Without plan_id: your active plan.',
  ].join(' '),
  readOnly: true,
  input: z.strictObject({
    plan_id: z.uuid().max(36).optional().describe("The plan; default the calling agent's active plan."),
  }),
  output: planViewSchema,
  async handler(args, { actor, services }) {
    if (!args.plan_id && actor.kind !== 'agent') {
      return fail('invalid_input', 'plan_id is required: only an agent has an active plan');
    }
    // Without the tracker (a CLI command that runs no agent) a named plan is read from the store as written.
    if (args.plan_id && !services.planning) {
      const db = await planningDb(services);
      if (isFailure(db)) return db;
      const stored = await readPlanView(db, args.plan_id);
      return stored ? ok(stored) : fail('not_found', `no tool-call plan ${args.plan_id}`);
    }
    const planning = planningOf(services);
    if (isFailure(planning)) return planning;
    const planId = args.plan_id ?? (await planning.activePlanId(actor.id));
    if (!planId) return fail('not_found', 'you have no active tool-call plan; declare one with declare_tool_call_plan');
    const view = await planning.view(planId);
    return view ? ok(view) : fail('not_found', `no tool-call plan ${planId}`);
  },
});
