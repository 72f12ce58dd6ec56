import { and, eq } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import { conversations } from '../db/schema/index.ts';
import { fail, type ToolFailure } from '../tool-result.ts';

/**
 * Whose archival memory `store_memory` may write (issue 29, docs/security.md): an
 * agent's passages are part of its prompt, so writing into another's is a prompt injection.
 * - an agent: only its own (`agent_id` omitted means itself);
 * - a user: the agents of the user's own chat conversations (its Planners and Conductors); without
 *   `agent_id`, a shared insight attached to no agent, as before;
 * - an admin: any agent (admins already mint tokens naming any agent, so refusing them here would
 *   protect nothing), and so the system (the CLI, background jobs), which runs as the operator;
 * - anyone else: nothing.
 * Returns the agent id to store under (null: no agent), or the `forbidden` failure.
 */
export async function memoryTarget(db: Db, actor: Actor, agentId: string | undefined): Promise<string | null | ToolFailure> {
  switch (actor.kind) {
    case 'agent':
      if (agentId === undefined || agentId === actor.id) return actor.id;
      return fail(
        'forbidden',
        `store_memory: agent_id "${agentId}" is not you; an agent stores memories only into its own archival memory ` +
          `(you are "${actor.id}"; omit agent_id to store into yours)`,
        { agent_id: agentId, caller: actor.id },
      );
    case 'user': {
      if (agentId === undefined || actor.role === 'admin') return agentId ?? null;
      const [own] = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.userId, actor.id), eq(conversations.agentId, agentId)))
        .limit(1);
      if (own) return agentId;
      return fail(
        'forbidden',
        `store_memory: agent "${agentId}" does not serve one of your conversations; you may store memories only into ` +
          'the agents of your own chats (or omit agent_id for a shared insight)',
        { agent_id: agentId },
      );
    }
    case 'system':
      return agentId ?? null;
    default:
      return fail('forbidden', 'store_memory needs a signed-in user, an agent or the system');
  }
}
