import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations } from '../../db/schema/chat.ts';
import { delegationSessions, type DelegationSessionRow } from '../../db/schema/delegation.ts';
import { peopleById, type PersonView } from './people.ts';

/** A session's own facts, with its owner and its Conductor conversation named. */
export interface SessionHeader {
  id: string;
  status: 'active' | 'finalized';
  /** `local` or `letta`: where its agents live. */
  platform: string;
  conductor_id: string;
  strategist_id: string | null;
  pool_max: number;
  owner: PersonView | null;
  /** The Conductor conversation; `yours` when the viewer owns it (only its owner can open it in Chat). */
  conversation: { id: string; title: string | null; yours: boolean } | null;
  created_at: string;
  updated_at: string;
  finalized_at: string | null;
  archive_path: string | null;
}

/** Headers for several sessions, in their order, with two queries for owners and conversations. */
export async function sessionHeaders(db: Db, rows: readonly DelegationSessionRow[], viewerId: string): Promise<SessionHeader[]> {
  const owners = await peopleById(
    db,
    rows.flatMap((r) => (r.ownerUserId ? [r.ownerUserId] : [])),
  );
  const ids = rows.flatMap((r) => (r.conversationId ? [r.conversationId] : []));
  const convs = ids.length
    ? await db
        .select({ id: conversations.id, title: conversations.title, userId: conversations.userId })
        .from(conversations)
        .where(inArray(conversations.id, ids))
    : [];
  const byId = new Map(convs.map((c) => [c.id, c]));
  return rows.map((r) => {
    const c = r.conversationId ? byId.get(r.conversationId) : undefined;
    return {
      id: r.id,
      status: r.status,
      platform: r.platform,
      conductor_id: r.conductorId,
      strategist_id: r.strategistId,
      pool_max: r.poolMax,
      owner: r.ownerUserId ? (owners[r.ownerUserId] ?? null) : null,
      conversation: r.conversationId ? { id: r.conversationId, title: c?.title ?? null, yours: c?.userId === viewerId } : null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      finalized_at: r.finalizedAt?.toISOString() ?? null,
      archive_path: r.archivePath,
    };
  });
}

export async function sessionHeader(db: Db, row: DelegationSessionRow, viewerId: string): Promise<SessionHeader> {
  return (await sessionHeaders(db, [row], viewerId))[0]!;
}

/** The sessions of one Conductor conversation, newest first. */
export async function sessionsOfConversation(db: Db, conversationId: string): Promise<DelegationSessionRow[]> {
  const rows = await db.select().from(delegationSessions).where(eq(delegationSessions.conversationId, conversationId));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
