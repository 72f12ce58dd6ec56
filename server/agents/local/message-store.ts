import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { agentMessages, type AgentMessageRow } from '../../db/schema/agents.ts';
import type { StoredMessage } from '../../contracts/agent-platform.ts';

/** What is stored: messages and message-like events (usage statistics and stop reasons are only streamed). */
export type StoredEvent = Exclude<StoredMessage['event'], { message_type: 'usage_statistics' | 'stop_reason' }>;

/** A new message id in Letta's style. */
export const newMessageId = () => `message-${randomUUID()}`;

function toStored(r: AgentMessageRow): StoredMessage & { step_id: string | null } {
  return {
    id: r.id,
    agent_id: r.agentId,
    created_at: r.createdAt.toISOString(),
    event: r.event as unknown as StoredEvent,
    step_id: r.stepId,
  };
}

/** An agent's message history: append-only rows in `seq` order. */
export class MessageStore {
  constructor(private readonly db: Db) {}

  /** Stores one message; null when the agent no longer exists (deleted while its turn ran). */
  async append(agentId: string, event: StoredEvent, stepId: string | null = null): Promise<StoredMessage | null> {
    try {
      const [row] = await this.db
        .insert(agentMessages)
        .values({ id: event.id, agentId, stepId, messageType: event.message_type, event: event as unknown as Record<string, unknown> })
        .returning();
      return toStored(row!);
    } catch (err) {
      if (isForeignKeyViolation(err)) return null;
      throw err;
    }
  }

  /** The `limit` newest messages before the message `before` (all when absent), oldest first. */
  async list(agentId: string, opts: { limit?: number; before?: string } = {}): Promise<Array<StoredMessage & { step_id: string | null }>> {
    const where = [eq(agentMessages.agentId, agentId)];
    if (opts.before) {
      const [cursor] = await this.db
        .select({ seq: agentMessages.seq })
        .from(agentMessages)
        .where(and(eq(agentMessages.agentId, agentId), eq(agentMessages.id, opts.before)));
      if (!cursor) return [];
      where.push(lt(agentMessages.seq, cursor.seq));
    }
    const rows = await this.db
      .select()
      .from(agentMessages)
      .where(and(...where))
      .orderBy(desc(agentMessages.seq))
      .limit(opts.limit ?? 100);
    return rows.reverse().map(toStored);
  }

  /** How many user/system messages the agent has received (its turns). */
  async countInbound(agentId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agentMessages)
      .where(and(eq(agentMessages.agentId, agentId), sql`${agentMessages.messageType} in ('user_message', 'system_message')`));
    return Number(row?.n ?? 0);
  }

  /**
   * conversation_search: the agent's user, system and assistant messages matching `query`
   * (full text, or the words as a substring), newest first.
   */
  async search(agentId: string, query: string, limit: number): Promise<StoredMessage[]> {
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select id from agent_messages
         where agent_id = ${agentId}
           and message_type in ('user_message', 'system_message', 'assistant_message')
           and (to_tsvector('english', coalesce(event->>'content', '')) @@ websearch_to_tsquery('english', ${query})
                or coalesce(event->>'content', '') ilike ${`%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})
         order by seq desc
         limit ${limit}`),
    );
    if (!rows.length) return [];
    const found = await this.db
      .select()
      .from(agentMessages)
      .where(
        sql`${agentMessages.id} in (${sql.join(
          rows.map((r) => sql`${r.id}`),
          sql`, `,
        )})`,
      )
      .orderBy(desc(agentMessages.seq));
    return found.map(toStored);
  }
}

/** PostgreSQL's foreign_key_violation (23503), as node-postgres and PGlite report it, possibly wrapped by Drizzle. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23503') return true;
  }
  return false;
}
