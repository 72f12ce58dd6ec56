import { and, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import { AGENT_ROLE_LABELS } from '../../lib/agent-roles.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import { chatAgentOf } from '../../lib/chat-agent-name.ts';
import type { Db } from '../db/client.ts';
import { agentTags } from '../db/schema/agents.ts';
import { conversations } from '../db/schema/chat.ts';
import { delegationSessions } from '../db/schema/delegation.ts';
import { users } from '../db/schema/users.ts';

/**
 * Who sent a notification, as the bell, the toast and the e-mail/Telegram footer say it (issue 34:
 * not the platform's agent name, "planner-casey@demo.dcf-96204138"). Made once, when the
 * notification is stored:
 * - an agent that serves a chat (found by its id, or over MCP by the name its chat gave it): its
 *   part and the chat's title, "Planner · chat “Weekly reviews”";
 * - the Strategist or a Companion of a delegated-mode session with a chat: "Companion · chat “…”";
 * - a signed-in user: their name (the actor's label is their e-mail address);
 * - any other sender (a system component, an agent working for no chat): the label it acts under.
 */
export async function senderLabel(db: Db, actor: Actor): Promise<string> {
  if (actor.kind === 'user') {
    const [user] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, actor.id));
    return user?.name.trim() || actor.label;
  }
  if (actor.kind !== 'agent') return actor.label;
  return (await agentOfChat(db, actor.id)) ?? actor.label;
}

/**
 * An agent that serves a chat — its own, or the delegated-mode session's of one — as people know
 * it ("Planner · chat “Weekly reviews”"), by its id or its chat name; null for any other agent.
 * Also how the Schedules page names a job's target.
 */
export async function agentOfChat(db: Db, agentIdOrName: string): Promise<string | null> {
  const chat = (await chatByAgentId(db, agentIdOrName)) ?? (await chatByAgentName(db, agentIdOrName));
  if (chat) return said(AGENT_ROLE_LABELS[chat.mode], chat.title);
  const session = await sessionChat(db, agentIdOrName);
  return session ? said(session.part, session.title) : null;
}

const said = (part: string, title: string) => `${part} · chat “${title}”`;

type Chat = { mode: 'planner' | 'conductor'; title: string };

/** The chat an agent serves, by the agent's id (in process, the actor's id is the agent's). */
async function chatByAgentId(db: Db, agentId: string): Promise<Chat | null> {
  const [chat] = await db
    .select({ mode: conversations.mode, title: conversations.title })
    .from(conversations)
    .where(eq(conversations.agentId, agentId))
    .orderBy(desc(conversations.updatedAt))
    .limit(1);
  return chat ?? null;
}

/** The chat an agent serves, by the name createConversation gave it (over MCP, the actor's id is the agent's name). */
async function chatByAgentName(db: Db, name: string): Promise<Chat | null> {
  const named = chatAgentOf(name);
  if (!named) return null;
  const [chat] = await db
    .select({ mode: conversations.mode, title: conversations.title })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(
      and(
        eq(conversations.mode, named.mode),
        eq(users.email, named.email),
        sql`${conversations.id}::text like ${`${named.conversationIdPrefix}%`}`,
      ),
    )
    .limit(1);
  return chat ?? null;
}

/** The chat of the delegated-mode session the agent is the Strategist or a Companion of (tag `session:<id>`), with its part. */
async function sessionChat(db: Db, agentId: string): Promise<{ part: string; title: string } | null> {
  const tags = await db
    .select({ tag: agentTags.tag })
    .from(agentTags)
    .where(and(eq(agentTags.agentId, agentId), like(agentTags.tag, 'session:%')));
  const sessionIds = tags.map((t) => t.tag.slice('session:'.length));
  const [row] = await db
    .select({ strategistId: delegationSessions.strategistId, title: conversations.title })
    .from(delegationSessions)
    .innerJoin(conversations, eq(conversations.id, delegationSessions.conversationId))
    .where(or(eq(delegationSessions.strategistId, agentId), ...(sessionIds.length ? [inArray(delegationSessions.id, sessionIds)] : [])))
    .orderBy(desc(delegationSessions.updatedAt))
    .limit(1);
  if (!row) return null;
  return { part: row.strategistId === agentId ? AGENT_ROLE_LABELS.strategist : AGENT_ROLE_LABELS.companion, title: row.title };
}
