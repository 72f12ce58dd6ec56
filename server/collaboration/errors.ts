import type { Actor } from '../contracts/audit-actor.ts';
import type { ToolErrorCode } from '../tool-result.ts';

/** An expected failure of a collaboration operation; the tools turn it into an error envelope. */
export class CollaborationError extends Error {
  override readonly name = 'CollaborationError';
  constructor(
    readonly code: ToolErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/**
 * The spec's `*_agent_id` naming the caller: an agent may only act as itself (its id comes from
 * its session or MCP token); the console and the CLI (user or system actors) act for the agent named.
 */
export function assertActsAs(actor: Actor, argument: string, agentId: string): void {
  if (actor.kind === 'agent' && actor.id !== agentId) {
    throw new CollaborationError('forbidden', `${argument} "${agentId}" is not you: an agent acts only as itself (you are "${actor.id}")`);
  }
}

/** Who did something, as the tables record it: the agent's id, or `user:<id>` / `system:<id>`. */
export function writerOf(actor: Actor): string {
  return actor.kind === 'agent' ? actor.id : `${actor.kind}:${actor.id}`;
}
