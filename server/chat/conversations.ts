import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { conversations, type ConversationRow } from '../db/schema/chat.ts';
import type { AgentPlatform, StoredMessage } from '../contracts/agent-platform.ts';
import { clockToday } from '../../lib/relative-dates.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { chatAgentName, type ChatMode } from '../../lib/chat-agent-name.ts';

export type { ChatMode };

/** A console user as the chat knows them (the conversation's owner). */
export interface ChatUser {
  id: string;
  email: string;
  displayName: string;
  role: string;
}

/** Thrown for a conversation that does not exist or is not the caller's (same answer for both). */
export class ConversationNotFound extends Error {
  constructor(id: string) {
    super(`no conversation ${id}`);
    this.name = 'ConversationNotFound';
  }
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The `clock` block's text: the date the agent takes as today (DCF_CLOCK, pinned by the demo to
 * the dataset's dates, else the real clock). It starts with the ISO date-time so a deterministic
 * brain can read it; the weekday helps a model reason about "last week".
 */
export function clockBlockValue(pinned: string | undefined, real: Date = new Date()): string {
  const today = clockToday(pinned, real);
  return `Today is ${today.toISOString()} (${WEEKDAYS[today.getUTCDay()]}).${pinned ? ' The console pins this date (DCF_CLOCK).' : ''}`;
}

/**
 * Starts a conversation: a new agent from the mode's template (`planner` or `conductor`) on the
 * active platform, with two host-kept blocks — `clock` (today) and `console_user` (who is talking) —
 * and tags naming the user and the conversation, so the agent can be found from either. A
 * Conductor starts its delegated-mode session at once (shared blocks, Strategist), so its
 * Companions page exists from the first message.
 */
export async function createConversation(
  db: Db,
  platform: AgentPlatform,
  user: ChatUser,
  mode: ChatMode,
  clock: string | undefined,
  services?: ToolServices,
): Promise<ConversationRow> {
  const id = randomUUID();
  const agent = await platform.createAgent({
    template: mode,
    name: chatAgentName(mode, user.email, id),
    tags: ['dcf-chat', `mode:${mode}`, `user:${user.id}`, `conversation:${id}`],
    blocks: [
      { label: 'clock', value: clockBlockValue(clock), description: 'Today for this conversation, kept by the console.' },
      {
        label: 'console_user',
        value: `${user.displayName} <${user.email}>, console role ${user.role}.`,
        description: 'The console user in this conversation.',
      },
    ],
  });
  const [row] = await db
    .insert(conversations)
    .values({
      id,
      userId: user.id,
      mode,
      agentId: agent.id,
      platform: platform.kind,
      title: mode === 'planner' ? 'New Planner conversation' : 'New Conductor conversation',
    })
    .returning();
  if (mode === 'conductor' && services) await ensureSession(db, platform, row!, services);
  return row!;
}

/** A Conductor conversation's delegated-mode session (made when it has none active). */
async function ensureSession(db: Db, platform: AgentPlatform, row: ConversationRow, services: ToolServices): Promise<void> {
  const [{ delegationHub }, { ensureConversationSession }] = await Promise.all([
    import('../delegation/connect.ts'),
    import('../delegation/sessions.ts'),
  ]);
  await ensureConversationSession(delegationHub(platform, db, services), {
    conversationId: row.id,
    conductorId: row.agentId,
    userId: row.userId,
  });
}

export async function listConversations(db: Db, userId: string): Promise<ConversationRow[]> {
  return db.select().from(conversations).where(eq(conversations.userId, userId)).orderBy(desc(conversations.updatedAt));
}

export async function getConversation(db: Db, userId: string, id: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
  if (!row) throw new ConversationNotFound(id);
  return row;
}

export async function renameConversation(db: Db, userId: string, id: string, title: string): Promise<ConversationRow> {
  const [row] = await db
    .update(conversations)
    .set({ title, updatedAt: new Date() })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning();
  if (!row) throw new ConversationNotFound(id);
  return row;
}

/** Deletes the conversation and its agent (a platform that lost the agent already is not an error). */
export async function deleteConversation(db: Db, platform: AgentPlatform, userId: string, id: string): Promise<void> {
  const row = await getConversation(db, userId, id);
  await platform.deleteAgent(row.agentId);
  await db.delete(conversations).where(eq(conversations.id, row.id));
}

export async function conversationMessages(
  db: Db,
  platform: AgentPlatform,
  userId: string,
  id: string,
  limit = 500,
): Promise<StoredMessage[]> {
  const row = await getConversation(db, userId, id);
  return platform.listMessages(row.agentId, { limit });
}

/**
 * Before a user message: refreshes the `clock` block (a conversation may span days), makes sure a
 * Conductor has an active session (its last one may have been finalized), titles an untitled
 * conversation after its first message, and bumps it to the top of the list.
 */
export async function prepareTurn(
  db: Db,
  platform: AgentPlatform,
  row: ConversationRow,
  content: string,
  clock: string | undefined,
  services?: ToolServices,
): Promise<void> {
  if (row.mode === 'conductor' && services) await ensureSession(db, platform, row, services);
  const blocks = await platform.listAgentBlocks(row.agentId);
  const clockBlock = blocks.find((b) => b.label === 'clock');
  const value = clockBlockValue(clock);
  if (clockBlock && clockBlock.value !== value) await platform.updateBlock(clockBlock.id, { value });
  const untitled = row.title.startsWith('New ');
  const title = untitled ? titleFrom(content) : row.title;
  await db.update(conversations).set({ title, updatedAt: new Date() }).where(eq(conversations.id, row.id));
}

/** A title from the first message: its first sentence, at most 60 characters. */
export function titleFrom(content: string): string {
  const first = content.trim().split(/(?<=[.?!])\s/)[0] ?? content;
  const clean = first.replace(/\s+/g, ' ').trim();
  return clean.length <= 60 ? clean : `${clean.slice(0, 57).trimEnd()}…`;
}
