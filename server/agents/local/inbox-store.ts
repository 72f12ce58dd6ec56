import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { agentInbox, type AgentInboxRow } from '../../db/schema/delegation.ts';
import type { InboundMessage } from '../../contracts/agent-platform.ts';

/** A claimed message: deliver it, then `delivered` or `rejected` it. */
export type ClaimedMessage = Pick<AgentInboxRow, 'seq' | 'agentId' | 'senderAgentId' | 'role' | 'content' | 'attempts'>;

/**
 * The durable inbox of local agents (`agent_inbox`). A message is written before its sender is
 * told it is queued. Delivery claims the oldest pending message of an agent, at most one per
 * agent at a time across processes (the agent's row is locked while claiming, and a live claim
 * of another message of the agent blocks the next one), for `claimMs`; the deliverer renews the
 * claim while the turn runs. A claim whose process died expires and the message is claimed again.
 */
export class InboxStore {
  constructor(private readonly db: Db) {}

  async enqueue(agentId: string, message: InboundMessage): Promise<number> {
    const [row] = await this.db
      .insert(agentInbox)
      .values({ agentId, role: message.role, content: message.content, senderAgentId: message.sender_agent_id ?? null })
      .returning({ seq: agentInbox.seq });
    return row!.seq;
  }

  /** The oldest deliverable message of the agent, claimed by `owner`; null when there is none or another claim of the agent is live. */
  async claimNext(agentId: string, owner: string, claimMs: number): Promise<ClaimedMessage | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select id from agents where id = ${agentId} for update`);
      const rows = rowsOf<{ seq: number | string; status: string; claimed_until: Date | string | null; live: boolean }>(
        await tx.execute(sql`
          select seq, status, claimed_until, (status = 'delivering' and claimed_until >= now()) as live
            from agent_inbox
           where agent_id = ${agentId} and status in ('queued', 'delivering')
           order by seq
           limit 20`),
      );
      if (rows.some((r) => r.live)) return null;
      const next = rows[0];
      if (!next) return null;
      const [claimed] = await tx
        .update(agentInbox)
        .set({
          status: 'delivering',
          claimedBy: owner,
          claimedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval`,
          attempts: sql`${agentInbox.attempts} + 1`,
        })
        .where(eq(agentInbox.seq, Number(next.seq)))
        .returning();
      return claimed ? pick(claimed) : null;
    });
  }

  /** Extends a claim still held by `owner`; false when it is no longer theirs. */
  async renew(seq: number, owner: string, claimMs: number): Promise<boolean> {
    const rows = await this.db
      .update(agentInbox)
      .set({ claimedUntil: sql`now() + ${`${claimMs} milliseconds`}::interval` })
      .where(and(eq(agentInbox.seq, seq), eq(agentInbox.claimedBy, owner), eq(agentInbox.status, 'delivering')))
      .returning({ seq: agentInbox.seq });
    return rows.length > 0;
  }

  async delivered(seq: number): Promise<void> {
    await this.db
      .update(agentInbox)
      .set({ status: 'delivered', deliveredAt: new Date(), claimedUntil: null })
      .where(eq(agentInbox.seq, seq));
  }

  async rejected(seq: number, error: string): Promise<void> {
    await this.db
      .update(agentInbox)
      .set({ status: 'rejected', error, deliveredAt: new Date(), claimedUntil: null })
      .where(eq(agentInbox.seq, seq));
  }

  /** Agents with a message to deliver now: queued, or claimed by a process whose claim expired. */
  async agentsWithPending(limit = 100): Promise<string[]> {
    const rows = rowsOf<{ agent_id: string }>(
      await this.db.execute(sql`
        select agent_id, min(seq) as first
          from agent_inbox
         where status = 'queued' or (status = 'delivering' and claimed_until < now())
         group by agent_id
         order by first
         limit ${limit}`),
    );
    return rows.map((r) => r.agent_id);
  }

  /** Messages not yet delivered to these agents (status queued or delivering), oldest first. */
  async pending(agentIds: string[]): Promise<AgentInboxRow[]> {
    if (!agentIds.length) return [];
    return this.db
      .select()
      .from(agentInbox)
      .where(and(inArray(agentInbox.agentId, agentIds), inArray(agentInbox.status, ['queued', 'delivering'])))
      .orderBy(asc(agentInbox.seq));
  }
}

function pick(r: AgentInboxRow): ClaimedMessage {
  return { seq: r.seq, agentId: r.agentId, senderAgentId: r.senderAgentId, role: r.role, content: r.content, attempts: r.attempts };
}
