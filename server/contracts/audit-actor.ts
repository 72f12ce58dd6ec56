import type { Role } from '../../lib/roles.ts';

/**
 * Who is acting. Every tool call and every console mutation carries one, and the audit log
 * records it: a signed-in user, an agent (over MCP, later issues), or the system itself
 * (the CLI, seeding, background jobs).
 */
export type Actor =
  | { kind: 'user'; id: string; label: string; role: Role }
  /** `tokenId`: the MCP token the agent calls with (its lineage, server/auth/token-lineage.ts); none in process. */
  | { kind: 'agent'; id: string; label: string; tokenId?: string }
  | { kind: 'system'; id: string; label: string }
  | { kind: 'anonymous'; id: 'anonymous'; label: 'anonymous' };

export const anonymousActor: Actor = { kind: 'anonymous', id: 'anonymous', label: 'anonymous' };

export const systemActor = (component: string): Actor => ({ kind: 'system', id: component, label: component });
