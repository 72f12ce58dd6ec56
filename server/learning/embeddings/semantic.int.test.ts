import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { loadSkillDirectory } from '../../skills/skill-directory.ts';
import { testConfig } from '../../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../../testing/test-database.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { findTool } from '../../tools/registry.ts';
import { indexSkills, searchKnowledge, storeMemory } from '../search.ts';
import { EmbeddingError, OpenAiCompatibleEmbedder } from './embedder.ts';
import { cosine, hasPgvector, semanticHits, syncEmbeddings } from './semantic.ts';
import { conceptEmbedding, startEmbeddingsServer, type EmbeddingsServer } from './testing/concept-embeddings-server.ts';

const MODEL = 'concepts-v1';
const QUERY = 'who said what in the conversation';

describe(`semantic search with an embedding endpoint (${testDbKind()})`, { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: EmbeddingsServer;
  let embedder: OpenAiCompatibleEmbedder;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startEmbeddingsServer({ apiKey: 'sk-test' });
    embedder = new OpenAiCompatibleEmbedder({ baseUrl: server.url, model: MODEL, apiKey: 'sk-test' });
    await indexSkills(db.db, await loadSkillDirectory(testConfig().skillsDir));
  });
  afterAll(async () => {
    await server.close();
    await db.dispose();
  });

  it('sends the OpenAI wire format in batches of 64 and returns vectors in input order', async () => {
    server.requests.length = 0;
    const texts = Array.from({ length: 70 }, (_, i) => (i % 2 ? `speaker ${i}` : `audio recording ${i}`));
    const vectors = await embedder.embed(texts);
    expect(vectors).toEqual(texts.map(conceptEmbedding));
    expect(server.requests.map((r) => (r.body as { input: string[] }).input.length)).toEqual([64, 6]);
    expect(server.requests[0]).toMatchObject({ authorization: 'Bearer sk-test', body: { model: MODEL, encoding_format: 'float' } });
  });

  it('reports endpoint failures as EmbeddingError with the status and the API message', async () => {
    const wrongKey = new OpenAiCompatibleEmbedder({ baseUrl: server.url, model: MODEL, apiKey: 'sk-wrong' });
    await expect(wrongKey.embed(['x'])).rejects.toThrow(/answered 401: Incorrect API key provided/);
    await expect(wrongKey.embed(['x'])).rejects.toBeInstanceOf(EmbeddingError);
    const nowhere = new OpenAiCompatibleEmbedder({ baseUrl: 'http://127.0.0.1:9/v1', model: MODEL });
    await expect(nowhere.embed(['x'])).rejects.toThrow(/unreachable/);
    const short = new OpenAiCompatibleEmbedder({
      baseUrl: server.url,
      model: MODEL,
      apiKey: 'sk-test',
      fetch: async () => Response.json({ data: [] }),
    });
    await expect(short.embed(['x'])).rejects.toThrow(/returned 0 vectors for 1 inputs/);
  });

  it('embeds each document once and again only when its text changes', async () => {
    const first = await syncEmbeddings(db.db, embedder);
    expect(first).toBeGreaterThanOrEqual(10); // the skill catalog
    expect(await syncEmbeddings(db.db, embedder)).toBe(0);
    await storeMemory(db.db, { kind: 'insight', text: 'Recordings with two voices need the speakers separated before compliance checks.' });
    expect(await syncEmbeddings(db.db, embedder)).toBe(1);
  });

  it('finds the diarization skill by meaning where lexical search does not rank it first', async () => {
    const lexical = await searchKnowledge(db.db, QUERY, { kinds: ['skill'] });
    expect(lexical.mode).toBe('lexical');
    expect(lexical.hits[0]?.key).not.toBe('skill://gpt4o-diarize@1.0.0');
    const hybrid = await searchKnowledge(db.db, QUERY, { kinds: ['skill'], embedder });
    expect(hybrid.mode).toBe('hybrid');
    expect(hybrid.hits[0]).toMatchObject({ kind: 'skill', key: 'skill://gpt4o-diarize@1.0.0' });
    expect(hybrid.hits[0]!.semantic).toBeGreaterThan(0.5);
  });

  it('ranks by the same cosine similarity whether pgvector computes it or this process does', async () => {
    // PGlite always loads pgvector; the PostgreSQL suite's server may not have it (Debian 12 does not ship it).
    if (testDbKind() === 'pglite') expect(await hasPgvector(db.db)).toBe(true);
    const hits = await semanticHits(db.db, embedder, QUERY, ['skill', 'memory'], 50, -1);
    const q = conceptEmbedding(QUERY);
    const docs = new Map(
      (await import('../../db/rows.ts'))
        .rowsOf<{ key: string; embedding: number[] }>(
          await db.db.execute((await import('drizzle-orm')).sql`select key, embedding from embeddings where model = ${MODEL}`),
        )
        .map((r) => [r.key, r.embedding.map(Number)]),
    );
    for (const h of hits) expect(h.semantic).toBeCloseTo(cosine(q, docs.get(h.key)!), 5);
    const order = hits.map((h) => h.semantic);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it('falls back to lexical search, saying why, when the endpoint fails', async () => {
    server.failWith = 503;
    try {
      const r = await searchKnowledge(db.db, 'transcribe audio', { kinds: ['skill'], embedder });
      expect(r.mode).toBe('lexical');
      expect(r.semantic_error).toMatch(/503: The server is overloaded/);
      expect(r.hits.length).toBeGreaterThan(0);
    } finally {
      server.failWith = null;
    }
  });

  it('search_embeddings uses the endpoint configured by DCF_EMBEDDING_URL / DCF_EMBEDDING_MODEL', async () => {
    const config = testConfig({ DCF_EMBEDDING_URL: server.url, DCF_EMBEDDING_MODEL: MODEL, DCF_EMBEDDING_API_KEY: 'sk-test' });
    const r = await invokeTool(
      findTool('search_embeddings')!,
      { query: QUERY, kinds: ['skill'] },
      { actor: systemActor('test'), services: { config, db: async () => db.db } },
    );
    expect(r).toMatchObject({ status: 'ok', mode: 'hybrid' });
    expect((r as unknown as { hits: Array<{ key: string }> }).hits[0]?.key).toBe('skill://gpt4o-diarize@1.0.0');
    const plain = await invokeTool(
      findTool('search_embeddings')!,
      { query: QUERY, kinds: ['skill'] },
      { actor: systemActor('test'), services: { config: testConfig(), db: async () => db.db } },
    );
    expect(plain).toMatchObject({ status: 'ok', mode: 'lexical' });
  });
});
