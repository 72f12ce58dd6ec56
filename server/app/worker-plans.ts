import type { Actor } from '../contracts/audit-actor.ts';
import type { WorkerAgent } from '../contracts/agent-runtime.ts';
import type { WorkerPlans } from '../contracts/worker-plans.ts';
import type { Logger } from 'pino';
import type { ToolServices } from '../contracts/tool-services.ts';
import { invokeTool } from '../tools/invoke.ts';
import { declareToolCallPlanTool } from '../tools/planning/declare-tool-call-plan.ts';
import { updateToolCallPlanTool } from '../tools/planning/update-tool-call-plan.ts';
import { isFailure } from '../tool-result.ts';

/**
 * The in-process workers' tool-call plans (issue 17, server/execution/protocol-plan.ts) through
 * the planning tools, so a worker's plan is declared, recorded and ended exactly as an agent
 * worker's is: declare_tool_call_plan and update_tool_call_plan as the worker agent, and the
 * process's tracker for each protocol step.
 */
export function workerPlans(services: () => ToolServices, log: Logger): WorkerPlans {
  const actor = (agent: WorkerAgent): Actor => ({ kind: 'agent', id: agent.id, label: `worker of ${agent.state}` });
  // The worker is its agent's only caller while it holds the Task's lease: its plans are held (plan-tracker.ts).
  const context = (agent: WorkerAgent) => ({ actor: actor(agent), services: services(), plansHeld: true });
  const onInternalError = (tool: string, err: unknown) => log.error({ tool, err }, 'worker plan tool failed');
  return {
    async declare(agent, plan) {
      const r = await invokeTool(declareToolCallPlanTool, plan, context(agent), { onInternalError });
      if (isFailure(r)) log.warn({ agent: agent.id, error: r.error }, 'worker plan not declared');
      return isFailure(r) ? null : r.plan.planId;
    },
    begin(agent, toolName, args) {
      return services().planning?.begin(actor(agent), toolName, args) ?? null;
    },
    async end(agent, planId, state) {
      const r = await invokeTool(updateToolCallPlanTool, { plan_id: planId, execution_state: state }, context(agent), { onInternalError });
      if (isFailure(r)) log.warn({ agent: agent.id, error: r.error }, 'worker plan not ended');
    },
  };
}
