import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { collaborationMessages, collaborationSessions, type CollaborationDelivery } from '../db/schema/index.ts';
import type { KnownAgent } from './agents.ts';

export type MessageKind = 'session_invite' | 'assistance_request' | 'subtask_delegation' | 'plan_update' | 'initial_task';

/** The text an agent receives: one JSON document `{"collaboration_message": {...}}` (./README.md "Messages"). */
export function messageText(messageId: string, kind: MessageKind, from: string, body: Record<string, unknown>): string {
  return JSON.stringify({ collaboration_message: { message_id: messageId, kind, from, ...body } });
}

/**
 * Sends one message to each recipient through the agent platform and records it with its
 * delivery per recipient. A sender on the platform sends agent-to-agent
 * (`send_message_to_agent_async`); any other sender (an external agent, the console) has the
 * platform queue it as a host message that names the sender. Durable on both platforms: it is
 * delivered after the recipient's running turn. External recipients are not reachable through the
 * platform: their delivery is recorded as failed with that reason.
 */
export async function sendCollaborationMessage(
  db: Db,
  platform: AgentPlatform,
  m: {
    kind: MessageKind;
    sender: string;
    senderOnPlatform: boolean;
    recipients: readonly KnownAgent[];
    body: Record<string, unknown>;
    sessionId?: string | null;
    threadId?: string | null;
    relatedRef?: string | null;
  },
): Promise<{ message_id: string; delivery: CollaborationDelivery[] }> {
  const messageId = `msg-${randomUUID()}`;
  const text = messageText(messageId, m.kind, m.sender, m.body);
  const delivery: CollaborationDelivery[] = [];
  for (const r of m.recipients) {
    if (r.kind === 'external') {
      delivery.push({
        agent_id: r.id,
        status: 'failed',
        error: 'an external agent is not reachable through the agent platform',
      });
      continue;
    }
    try {
      if (m.senderOnPlatform) await platform.sendMessageToAgentAsync(m.sender, r.id, text);
      else await platform.queueMessage(r.id, { role: 'user', content: text });
      delivery.push({ agent_id: r.id, status: 'sent' });
    } catch (err) {
      delivery.push({ agent_id: r.id, status: 'failed', error: err instanceof Error ? err.message : String(err) });
    }
  }
  await db.insert(collaborationMessages).values({
    id: messageId,
    kind: m.kind,
    senderId: m.sender,
    recipientIds: m.recipients.map((r) => r.id),
    body: m.body,
    delivery,
    sessionId: m.sessionId ?? null,
    threadId: m.threadId ?? null,
    relatedRef: m.relatedRef ?? null,
  });
  return { message_id: messageId, delivery };
}

/**
 * The session a message belongs to when the tool names none (./README.md "Sessions"): the newest
 * active session whose participants include the sender and every recipient; null when none does.
 */
export async function sessionOf(db: Db, memberIds: readonly string[]): Promise<string | null> {
  const [row] = await db
    .select({ id: collaborationSessions.id })
    .from(collaborationSessions)
    .where(
      and(
        eq(collaborationSessions.status, 'active'),
        sql`${collaborationSessions.participantIds} @> ${JSON.stringify([...new Set(memberIds)])}::jsonb`,
      ),
    )
    .orderBy(desc(collaborationSessions.createdAt))
    .limit(1);
  return row?.id ?? null;
}
