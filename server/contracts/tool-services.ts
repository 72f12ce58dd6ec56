import type { AppConfig } from '../config.ts';
import type { Actor } from './audit-actor.ts';
import type { ExecutionServices } from './execution-services.ts';
import type { Db } from '../db/client.ts';
import type { AgentPlatform } from './agent-platform.ts';
import type { PlanningService } from './planning/service.ts';

/**
 * What a tool handler may use besides its input. Adapters (database, Redis, graph, agent
 * runtime) join `services` as the issues that need them land; handlers never import adapters
 * directly, so the same handler serves the CLI, tRPC and MCP.
 */
export interface ToolContext {
  actor: Actor;
  services: ToolServices;
  /**
   * The actor is the only caller of the plans it declares: an in-process worker under its Task's
   * lease (server/app/worker-plans.ts). The tracker then keeps such a plan's counters and numbers
   * its records itself, without a Redis round trip per call (plan-tracker.ts, held plans).
   */
  plansHeld?: boolean;
}

export interface ToolServices {
  config: AppConfig;
  /**
   * The workflow execution (Redis control plane, dispatch, skills, agent runtime), connected on
   * first use. Absent where no Redis is configured; the runtime tools then answer `unavailable`.
   */
  execution?: () => Promise<ExecutionServices>;
  /** The app database, opened on first use (the CLI reaches the console's shared PGlite). */
  db?: () => Promise<Db>;
  /** The agent platform (local runtime or Letta), created on first use; absent where no agents are served. */
  agents?: () => Promise<AgentPlatform>;
  /**
   * The process's tool-call plan tracker (issue 17, server/planning/): `invokeTool` attributes
   * every agent call to the agent's active plan through it, and the planning tools declare,
   * replan, end and read plans with it. Absent: nothing is tracked, the planning tools answer
   * `unavailable`.
   */
  planning?: PlanningService;
}
