import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { memories, skillIndex } from '../db/schema/workflow-store.ts';
import type { SkillDirectory } from '../execution/services.ts';

export type SearchKind = 'workflow' | 'skill' | 'memory';
export interface SearchHit {
  kind: SearchKind;
  /** workflow: `id@version`; skill: its URI; memory: its id. */
  key: string;
  title: string;
  snippet: string;
  /** Combined score: full-text rank (weight 1) plus trigram similarity (weight 0.5). */
  score: number;
  fulltext: number;
  trigram: number;
}

/**
 * search_embeddings (spec §2.2 / §3.2): Postgres full-text search (english stemming, ts_rank)
 * combined with pg_trgm similarity, over saved workflow versions (name, description, tags,
 * skills), the skill catalog (name, description, tags, directives, tools) and archival memories.
 * Lexical, not vector: this PGlite build has no pgvector, and no embedding endpoint is
 * configured here (documented in the README).
 */
export async function searchKnowledge(db: Db, query: string, opts: { kinds?: SearchKind[]; limit?: number } = {}): Promise<SearchHit[]> {
  const kinds = opts.kinds ?? ['workflow', 'skill', 'memory'];
  const limit = opts.limit ?? 10;
  const rows = rowsOf<{ kind: SearchKind; key: string; title: string; body: string; fulltext: number; trigram: number }>(await db.execute(sql`
    with docs as (
      select 'workflow' as kind, workflow_id || '@' || version as key, name as title,
             name || ' ' || description || ' ' || (tags::text) || ' ' || (skills::text) as body
        from workflow_documents
      union all
      select 'skill', uri, name, text from skill_index
      union all
      select 'memory', id::text, kind, text || ' ' || (tags::text) from memories
    )
    select kind, key, title, body,
           ts_rank(to_tsvector('english', body), websearch_to_tsquery('english', ${query}))::float8 as fulltext,
           word_similarity(${query}, body)::float8 as trigram
      from docs
     where kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
  `));
  return rows
    .map((r) => ({ kind: r.kind, key: r.key, title: r.title, snippet: r.body.slice(0, 200), fulltext: Number(r.fulltext), trigram: Number(r.trigram), score: Number(r.fulltext) + 0.5 * Number(r.trigram) }))
    .filter((h) => h.fulltext > 0 || h.trigram >= 0.3)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** store_memory: one archival memory (an insight, a `capability_gap`, a `workflow_update` block). */
export async function storeMemory(db: Db, m: { agent_id?: string | null; kind: string; text: string; tags?: string[]; metadata?: Record<string, unknown> }) {
  const [row] = await db
    .insert(memories)
    .values({ id: randomUUID(), agentId: m.agent_id ?? null, kind: m.kind, text: m.text, tags: m.tags ?? [], metadata: m.metadata ?? {} })
    .returning();
  return row!;
}

/** Mirrors the skill catalog into skill_index (idempotent; run at start). */
export async function indexSkills(db: Db, skills: SkillDirectory): Promise<number> {
  for (const { uri, manifest } of skills.all()) {
    const text = [manifest.skillName, manifest.description ?? '', manifest.tags.join(' '), manifest.skillDirectives, ...manifest.requiredTools.map((t) => `${t.toolName} ${t.description ?? ''}`)].join(' ');
    const row = { uri, name: manifest.skillName, version: manifest.skillVersion, capability: manifest.tags[0] ?? null, tags: manifest.tags, text, updatedAt: new Date() };
    await db.insert(skillIndex).values(row).onConflictDoUpdate({ target: skillIndex.uri, set: row });
  }
  return skills.all().length;
}
