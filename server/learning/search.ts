import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { memories, skillIndex } from '../db/schema/workflow-store.ts';
import type { SkillDirectory } from '../contracts/skill-directory.ts';
import type { Embedder } from './embeddings/embedder.ts';
import { semanticHits } from './embeddings/semantic.ts';
import { kindFilter, SEARCH_DOCUMENTS, type SearchKind } from './search-documents.ts';

export type { SearchKind };

export interface SearchHit {
  kind: SearchKind;
  /** workflow: `id@version`; skill: its URI; memory: its id. */
  key: string;
  title: string;
  snippet: string;
  /**
   * Combined score, best first. Lexical mode: full-text rank (weight 1) plus trigram similarity
   * (weight 0.5). Hybrid mode: reciprocal rank fusion, Σ 1/(60 + rank) over the lexical and the
   * semantic ranking (a hit found by both ranks above one found by either).
   */
  score: number;
  fulltext: number;
  trigram: number;
  /** Cosine similarity to the query's embedding; null in lexical mode. */
  semantic: number | null;
}

export interface SearchResult {
  /** `hybrid` when an embedding endpoint is configured and answered, else `lexical`. */
  mode: 'lexical' | 'hybrid';
  hits: SearchHit[];
  /** Why a configured semantic search was not used this time (the lexical hits are still returned). */
  semantic_error?: string;
}

export interface SearchOptions {
  kinds?: SearchKind[];
  limit?: number;
  /** Enables semantic search; documents are embedded on demand (only new or changed ones). */
  embedder?: Embedder | null;
  /** Semantic candidates below this cosine similarity are dropped (default 0.25). */
  minSimilarity?: number;
}

/**
 * word_similarity costs about the product of the two strings' lengths (1,000 × 50,000 random
 * characters took 170 ms on PGlite; a 400,000-character memory made every search hang), and it
 * runs for every document: the trigram side compares the query's first 256 characters with each
 * document's first 4,000 (a title, tags and the opening of a text carry its subject). Full-text
 * rank, linear in the length, still reads all of both.
 */
const TRIGRAM_QUERY_CHARS = 256;
const TRIGRAM_BODY_CHARS = 4_000;

/** Reciprocal rank fusion constant (Cormack et al. 2009): damps the weight of the top ranks. */
const RRF_K = 60;

/**
 * search_embeddings (spec §2.2 / §3.2): Postgres full-text search (english stemming, ts_rank)
 * combined with pg_trgm similarity, over saved workflow versions (name, description, tags,
 * skills), the skill catalog (name, description, tags, directives, tools) and archival memories.
 * With an embedder, the same documents are also ranked by vector similarity (pgvector where
 * installed, see ./embeddings/semantic.ts) and the two rankings are fused. An unreachable
 * embedding endpoint degrades to lexical search and says so in `semantic_error`.
 */
export async function searchKnowledge(db: Db, query: string, opts: SearchOptions = {}): Promise<SearchResult> {
  const kinds = opts.kinds ?? ['workflow', 'skill', 'memory'];
  const limit = opts.limit ?? 10;
  const lexical = await lexicalHits(db, query, kinds);
  if (!opts.embedder) return { mode: 'lexical', hits: lexical.slice(0, limit) };
  let semantic: Array<Omit<SearchHit, 'score' | 'fulltext' | 'trigram'> & { semantic: number }>;
  try {
    semantic = await semanticHits(db, opts.embedder, query, kinds, Math.max(limit * 3, 30), opts.minSimilarity ?? 0.25);
  } catch (err) {
    return { mode: 'lexical', hits: lexical.slice(0, limit), semantic_error: err instanceof Error ? err.message : String(err) };
  }
  const fused = new Map<string, SearchHit>();
  const id = (h: { kind: string; key: string }) => `${h.kind}\u0000${h.key}`;
  lexical.forEach((h, rank) => fused.set(id(h), { ...h, semantic: null, score: 1 / (RRF_K + rank + 1) }));
  semantic.forEach((h, rank) => {
    const prior = fused.get(id(h));
    const rrf = 1 / (RRF_K + rank + 1);
    fused.set(id(h), prior ? { ...prior, semantic: h.semantic, score: prior.score + rrf } : { ...h, fulltext: 0, trigram: 0, score: rrf });
  });
  return { mode: 'hybrid', hits: [...fused.values()].sort((a, b) => b.score - a.score).slice(0, limit) };
}

async function lexicalHits(db: Db, query: string, kinds: SearchKind[]): Promise<SearchHit[]> {
  const rows = rowsOf<{ kind: SearchKind; key: string; title: string; body: string; fulltext: number; trigram: number }>(
    await db.execute(sql`
    with docs as (${SEARCH_DOCUMENTS})
    select kind, key, title, body,
           ts_rank(to_tsvector('english', body), websearch_to_tsquery('english', ${query}))::float8 as fulltext,
           word_similarity(left(${query}, ${TRIGRAM_QUERY_CHARS}), left(body, ${TRIGRAM_BODY_CHARS}))::float8 as trigram
      from docs
     where kind in (${kindFilter(kinds)})
  `),
  );
  return rows
    .map((r) => {
      const [fulltext, trigram] = [Number(r.fulltext), Number(r.trigram)];
      const hit = { kind: r.kind, key: r.key, title: r.title, snippet: r.body.slice(0, 200), fulltext, trigram };
      return { ...hit, semantic: null, score: fulltext + 0.5 * trigram };
    })
    .filter((h) => h.fulltext > 0 || h.trigram >= 0.3)
    .sort((a, b) => b.score - a.score);
}

/** store_memory: one archival memory (an insight, a `capability_gap`, a `workflow_update` block). */
export async function storeMemory(
  db: Db,
  m: { agent_id?: string | null; kind: string; text: string; tags?: string[]; metadata?: Record<string, unknown> },
) {
  const [row] = await db
    .insert(memories)
    .values({ id: randomUUID(), agentId: m.agent_id ?? null, kind: m.kind, text: m.text, tags: m.tags ?? [], metadata: m.metadata ?? {} })
    .returning();
  return row!;
}

/** Mirrors the skill catalog into skill_index (idempotent; run at start). */
export async function indexSkills(db: Db, skills: SkillDirectory): Promise<number> {
  for (const { uri, manifest } of skills.all()) {
    const tools = manifest.requiredTools.map((t) => `${t.toolName} ${t.description ?? ''}`);
    const text = [manifest.skillName, manifest.description ?? '', manifest.tags.join(' '), manifest.skillDirectives, ...tools].join(' ');
    const row = {
      uri,
      name: manifest.skillName,
      version: manifest.skillVersion,
      capability: manifest.tags[0] ?? null,
      tags: manifest.tags,
      text,
      updatedAt: new Date(),
    };
    await db.insert(skillIndex).values(row).onConflictDoUpdate({ target: skillIndex.uri, set: row });
  }
  return skills.all().length;
}
