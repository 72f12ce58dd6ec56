import type { WorkerAgent } from './agent-runtime.ts';
import type { BeginResult, DeclarePlanInput, MaybePromise } from './planning/ports.ts';

/**
 * What the composition root gives the in-process worker (issue 17): the planning tools and the
 * tracker, acting as the worker agent. Execution sits below the tool layer, so it reaches them
 * through this port (server/app/worker-plans.ts implements it with declare_tool_call_plan,
 * update_tool_call_plan and the process's plan tracker).
 */
export interface WorkerPlans {
  /** declare_tool_call_plan as the agent: the plan's id, or null when it was not declared (the port logs why). */
  declare(agent: WorkerAgent, plan: DeclarePlanInput): Promise<string | null>;
  /** A protocol step about to run as the agent (PlanTracker.begin with the agent as the actor). */
  begin(agent: WorkerAgent, toolName: string, args: Record<string, unknown>): MaybePromise<BeginResult>;
  /** update_tool_call_plan ending the plan `planId` the agent declared (not whatever else may be active by then). */
  end(agent: WorkerAgent, planId: string, state: 'Complete' | 'Failed'): Promise<void>;
}
