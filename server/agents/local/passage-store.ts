import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { memories } from '../../db/schema/workflow-store.ts';
import type { Passage } from '../../contracts/agent-platform.ts';

/** The `memories.kind` of passages agents insert themselves (archival_memory_insert). */
export const PASSAGE_KIND = 'archival_passage';

type Row = { id: string; agent_id: string; text: string; tags: string[]; created_at: string | Date; fulltext?: number; trigram?: number };

const toPassage = (r: Row, score?: number): Passage => ({
  id: r.id,
  agent_id: r.agent_id,
  text: r.text,
  tags: r.tags,
  created_at: new Date(r.created_at).toISOString(),
  ...(score !== undefined ? { score } : {}),
});

/**
 * An agent's archival memory: the rows of `memories` whose `agent_id` is the agent — the
 * passages it inserted and the memories it stored with store_memory — searched with the same
 * lexical ranking as search_embeddings (full-text rank + 0.5 × trigram word similarity).
 */
export class PassageStore {
  constructor(private readonly db: Db) {}

  async insert(agentId: string, p: { text: string; tags?: string[] }): Promise<Passage> {
    const [row] = await this.db
      .insert(memories)
      .values({ id: randomUUID(), agentId, kind: PASSAGE_KIND, text: p.text, tags: [...new Set(p.tags ?? [])], metadata: {} })
      .returning();
    return toPassage({ id: row!.id, agent_id: agentId, text: row!.text, tags: row!.tags, created_at: row!.createdAt });
  }

  /**
   * Passages matching `query` that carry all of `tags`, best first; with a blank query the
   * newest ones.
   */
  async search(agentId: string, q: { query: string; tags?: string[]; limit?: number }): Promise<Passage[]> {
    const limit = q.limit ?? 10;
    const tagFilter = q.tags?.length ? sql`and tags @> ${JSON.stringify(q.tags)}::jsonb` : sql``;
    if (!q.query.trim()) {
      const rows = rowsOf<Row>(
        await this.db.execute(sql`
        select id::text, agent_id, text, tags, created_at from memories
         where agent_id = ${agentId} ${tagFilter}
         order by created_at desc limit ${limit}`),
      );
      return rows.map((r) => toPassage(r));
    }
    const rows = rowsOf<Row>(
      await this.db.execute(sql`
      select * from (
        select id::text, agent_id, text, tags, created_at,
               ts_rank(to_tsvector('english', text), websearch_to_tsquery('english', ${q.query}))::float8 as fulltext,
               word_similarity(${q.query}, text)::float8 as trigram
          from memories
         where agent_id = ${agentId} ${tagFilter}) m
       where fulltext > 0 or trigram >= 0.3
       order by fulltext + 0.5 * trigram desc, created_at desc
       limit ${limit}`),
    );
    return rows.map((r) => toPassage(r, Number(r.fulltext) + 0.5 * Number(r.trigram)));
  }
}
