import { z } from 'zod';
import { listPlanningAgentsTool } from '../../tools/planning/list-planning-agents.ts';
import { getToolCallCostsTool } from '../../tools/planning/get-tool-call-costs.ts';
import { listSentinelFindingsTool } from '../../tools/planning/list-sentinel-findings.ts';
import { listToolCallPlansTool } from '../../tools/planning/list-tool-call-plans.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { isFailure } from '../../tool-result.ts';
import { logger } from '../../log.ts';
import type { ToolDefinition } from '../../tools/define-tool.ts';
import { actorOf, ADMIN, ALL_ROLES, procedure, router, type TrpcContext } from '../init.ts';
import { toolQuery } from '../tool-procedure.ts';

/**
 * Tool-call planning in the console (issue 17), each procedure its tool (server/tools/planning/):
 * a plan and the plans of a conversation, run, companion task or agent beside what happened
 * (every signed-in role; the tool shows a user the plans made for them and the runs'), the
 * Findings list and its agent filter (admins), and the cost report on the dashboard (every role).
 * These names are the UI's contract (components/planning/answers.ts).
 */
export const planningRouter = router({
  /** One plan, or null when there is none the reader may see (list_tool_call_plans by plan_id). */
  plan: procedure
    .meta({ access: ALL_ROLES })
    .input(z.strictObject({ plan_id: z.uuid() }))
    .query(async ({ ctx, input }) => {
      const r = await run(ctx, listToolCallPlansTool, { plan_id: input.plan_id, limit: 1 });
      return isFailure(r) ? r : (r.plans[0] ?? null);
    }),
  plans: toolQuery(listToolCallPlansTool, ALL_ROLES),
  findings: toolQuery(listSentinelFindingsTool, ADMIN),
  costs: toolQuery(getToolCallCostsTool, ALL_ROLES),
  /** Takes no input (none or `{}`): the Findings filter's menu. */
  agents: procedure
    .meta({ access: ADMIN })
    .input(z.strictObject({}).optional())
    .query(({ ctx }) => run(ctx, listPlanningAgentsTool, {})),
});

/** Calls a planning tool as the signed-in user, as tool-procedure.ts does. */
function run<I extends z.ZodObject, O extends z.ZodObject>(ctx: TrpcContext, tool: ToolDefinition<I, O>, args: z.input<I>) {
  return invokeTool(
    tool,
    args,
    { actor: actorOf(ctx.user), services: ctx.services },
    { onInternalError: (name, err) => logger().error({ tool: name, err }, 'tool failed unexpectedly') },
  );
}
