import type { AppConfig } from '../config.ts';
import type { Actor } from '../audit/actor.ts';

/**
 * What a tool handler may use besides its input. Adapters (database, Redis, graph, agent
 * runtime) join `services` as the issues that need them land; handlers never import adapters
 * directly, so the same handler serves the CLI, tRPC and MCP.
 */
export interface ToolContext {
  actor: Actor;
  services: ToolServices;
}

export interface ToolServices {
  config: AppConfig;
}
