import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations } from '../../db/schema/chat.ts';
import { users } from '../../db/schema/users.ts';

/** The chat conversation an agent serves, with the console user it belongs to. */
export interface AgentConversation {
  id: string;
  title: string;
  mode: 'planner' | 'conductor';
  created_at: string;
  owner_email: string | null;
  owner_name: string | null;
}

/**
 * The conversations of the given agents (every conversation when `agentIds` is absent), by agent
 * id. Conversations are few next to agents (each run may make workers), so the list reads them all.
 */
export async function conversationsOfAgents(db: Db, agentIds?: string[]): Promise<Map<string, AgentConversation>> {
  if (agentIds && !agentIds.length) return new Map();
  const q = db
    .select({ c: conversations, email: users.email, name: users.displayName })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.userId));
  const rows = agentIds ? await q.where(inArray(conversations.agentId, agentIds)) : await q;
  return new Map(
    rows.map(({ c, email, name }) => [
      c.agentId,
      { id: c.id, title: c.title, mode: c.mode, created_at: c.createdAt.toISOString(), owner_email: email, owner_name: name },
    ]),
  );
}
