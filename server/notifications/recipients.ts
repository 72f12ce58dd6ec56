import { and, desc, eq, inArray, isNull, like, or } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import type { Db } from '../db/client.ts';
import { agents, agentTags } from '../db/schema/agents.ts';
import { apiTokens } from '../db/schema/api-tokens.ts';
import { conversations } from '../db/schema/chat.ts';
import { delegationSessions } from '../db/schema/delegation.ts';
import { users } from '../db/schema/users.ts';

export interface Recipient {
  id: string;
  email: string;
  displayName: string;
}

/** Who a notification goes to, and why (the reason is logged and shown in errors). */
export interface Recipients {
  users: Recipient[];
  reason: string;
}

/**
 * The console users a notification is for (issue 18):
 * - a signed-in user calling the tool: that user;
 * - an agent: the user it works for, found through the first link that exists — the chat
 *   conversation it serves (`conversations.agent_id`), the delegated-mode session it is the
 *   Conductor or Strategist of, or a Companion of (tag `session:<id>`; the session's owner), the
 *   agent a sleep-time companion serves (then the same links for that agent), the admin who
 *   issued the MCP token the agent calls with (`api_tokens.agent_name`, not revoked);
 * - otherwise (system callers, the CLI, agents working for nobody): every admin.
 * Disabled users never receive anything.
 */
export async function resolveRecipients(db: Db, actor: Actor): Promise<Recipients> {
  if (actor.kind === 'user') {
    const found = await active(db, [actor.id]);
    return { users: found, reason: 'the signed-in user who sent it' };
  }
  if (actor.kind === 'agent') {
    const behind = await userBehindAgent(db, actor.id);
    if (behind) return { users: [behind.user], reason: behind.reason };
  }
  const admins = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
  return { users: admins, reason: actor.kind === 'agent' ? 'every admin (the agent works for no known user)' : 'every admin' };
}

/**
 * The user an agent works for (the links listed on `resolveRecipients`: its chat, its delegated-mode
 * session, the agent it serves as a sleep-time companion, the admin who issued its MCP token) with
 * the link that found them; null when no link leads to an enabled user. Also the owner of what the
 * agent creates for someone (background jobs, server/schedules/job-owner.ts).
 */
export async function userBehindAgent(db: Db, agentId: string): Promise<{ user: Recipient; reason: string } | null> {
  for (const id of await withParent(db, agentId)) {
    const linked = await linkedUser(db, id);
    if (!linked) continue;
    const [found] = await active(db, [linked.userId]);
    if (found) return { user: found, reason: linked.reason };
  }
  return null;
}

async function active(db: Db, ids: string[]): Promise<Recipient[]> {
  return db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.disabledAt)));
}

/** The agent itself, then the agent it serves when it is a sleep-time companion. */
async function withParent(db: Db, agentId: string): Promise<string[]> {
  const [row] = await db.select({ parent: agents.parentAgentId }).from(agents).where(eq(agents.id, agentId));
  return row?.parent ? [agentId, row.parent] : [agentId];
}

async function linkedUser(db: Db, agentId: string): Promise<{ userId: string; reason: string } | null> {
  const [conv] = await db
    .select({ userId: conversations.userId })
    .from(conversations)
    .where(eq(conversations.agentId, agentId))
    .orderBy(desc(conversations.updatedAt))
    .limit(1);
  if (conv) return { userId: conv.userId, reason: 'the user whose chat the agent serves' };
  const tags = await db
    .select({ tag: agentTags.tag })
    .from(agentTags)
    .where(and(eq(agentTags.agentId, agentId), like(agentTags.tag, 'session:%')));
  const sessionIds = tags.map((t) => t.tag.slice('session:'.length));
  const [session] = await db
    .select({ owner: delegationSessions.ownerUserId })
    .from(delegationSessions)
    .where(
      or(
        eq(delegationSessions.conductorId, agentId),
        eq(delegationSessions.strategistId, agentId),
        ...(sessionIds.length > 0 ? [inArray(delegationSessions.id, sessionIds)] : []),
      ),
    )
    .orderBy(desc(delegationSessions.updatedAt))
    .limit(1);
  if (session?.owner) return { userId: session.owner, reason: 'the owner of the delegated-mode session the agent works in' };
  const [token] = await db
    .select({ createdBy: apiTokens.createdBy })
    .from(apiTokens)
    .where(and(eq(apiTokens.agentName, agentId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt))
    .limit(1);
  if (token?.createdBy) return { userId: token.createdBy, reason: 'the admin who issued the MCP token the agent uses' };
  return null;
}
