import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { embeddings } from '../../db/schema/embeddings.ts';
import { kindFilter, SEARCH_DOCUMENTS, type SearchKind } from '../search-documents.ts';
import type { Embedder } from './embedder.ts';

/** Longest document text sent to the model (characters); embedding models truncate around 8k tokens. */
const MAX_CHARS = 8_000;

/**
 * Embeds every searchable document of `kinds` that has no vector for this model yet or whose
 * text changed since (md5 of the text), and stores the vectors. Idempotent; returns how many
 * documents were embedded. Called before a semantic search and by the consolidation job.
 */
export async function syncEmbeddings(db: Db, embedder: Embedder, kinds: SearchKind[] = ['workflow', 'skill', 'memory']): Promise<number> {
  const stale = rowsOf<{ kind: SearchKind; key: string; body: string; hash: string }>(
    await db.execute(sql`
    with docs as (${SEARCH_DOCUMENTS})
    select d.kind, d.key, d.body, md5(d.body) as hash
      from docs d
      left join embeddings e on e.kind = d.kind and e.key = d.key and e.model = ${embedder.model}
     where d.kind in (${kindFilter(kinds)}) and e.content_hash is distinct from md5(d.body)
  `),
  );
  if (stale.length === 0) return 0;
  const vectors = await embedder.embed(stale.map((d) => d.body.slice(0, MAX_CHARS)));
  for (const [i, d] of stale.entries()) {
    const row = {
      kind: d.kind,
      key: d.key,
      model: embedder.model,
      contentHash: d.hash,
      dimensions: vectors[i]!.length,
      embedding: vectors[i]!,
      updatedAt: new Date(),
    };
    await db
      .insert(embeddings)
      .values(row)
      .onConflictDoUpdate({ target: [embeddings.kind, embeddings.key, embeddings.model], set: row });
  }
  return stale.length;
}

/** Whether pgvector is installed in this database (cached per handle). */
const pgvector = new WeakMap<Db, Promise<boolean>>();
export function hasPgvector(db: Db): Promise<boolean> {
  let p = pgvector.get(db);
  if (!p) {
    p = db.execute(sql`select 1 from pg_extension where extname = 'vector'`).then((r) => rowsOf(r).length > 0);
    pgvector.set(db, p);
  }
  return p;
}

export interface SemanticHit {
  kind: SearchKind;
  key: string;
  title: string;
  snippet: string;
  /** Cosine similarity in [-1, 1]. */
  semantic: number;
}

/**
 * The documents most similar to `query` by cosine similarity of their embeddings, best first,
 * at most `limit`, none below `minSimilarity`. Brings the vectors up to date first. Distances
 * are pgvector's `<=>` where installed, else computed here over the model's vectors.
 */
export async function semanticHits(
  db: Db,
  embedder: Embedder,
  query: string,
  kinds: SearchKind[],
  limit: number,
  minSimilarity: number,
): Promise<SemanticHit[]> {
  await syncEmbeddings(db, embedder, kinds);
  const [q] = await embedder.embed([query]);
  const vector = q!;
  const joined = sql`
    with docs as (${SEARCH_DOCUMENTS})
    select d.kind, d.key, d.title, d.body, e.embedding
      from docs d
      join embeddings e on e.kind = d.kind and e.key = d.key and e.model = ${embedder.model}
     where d.kind in (${kindFilter(kinds)}) and e.dimensions = ${vector.length}`;
  let scored: Array<{ kind: SearchKind; key: string; title: string; body: string; semantic: number }>;
  if (await hasPgvector(db)) {
    const literal = `[${vector.join(',')}]`;
    scored = rowsOf<{ kind: SearchKind; key: string; title: string; body: string; semantic: number }>(
      await db.execute(sql`
      select kind, key, title, body, (1 - (embedding::vector <=> ${literal}::vector))::float8 as semantic
        from (${joined}) s
       order by embedding::vector <=> ${literal}::vector
       limit ${limit}
    `),
    ).map((r) => ({ ...r, semantic: Number(r.semantic) }));
  } else {
    scored = rowsOf<{ kind: SearchKind; key: string; title: string; body: string; embedding: number[] }>(await db.execute(joined))
      .map((r) => ({ kind: r.kind, key: r.key, title: r.title, body: r.body, semantic: cosine(vector, r.embedding.map(Number)) }))
      .sort((a, b) => b.semantic - a.semantic)
      .slice(0, limit);
  }
  return scored
    .filter((r) => Number.isFinite(r.semantic) && r.semantic >= minSimilarity)
    .map((r) => ({ kind: r.kind, key: r.key, title: r.title, snippet: r.body.slice(0, 200), semantic: r.semantic }));
}

/** Cosine similarity; 0 when either vector is all zeros (pgvector answers NaN there, also filtered out). */
export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
