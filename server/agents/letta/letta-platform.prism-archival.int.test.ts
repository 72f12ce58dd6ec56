import { describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { memories } from '../../db/schema/index.ts';
import { testConfig } from '../../testing/test-config.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { storeMemoryTool } from '../../tools/learning/store-memory.ts';
import { LettaAgentPlatform } from './letta-platform.ts';
import { ids, lettaPrismHarness, PRISM_COVERS } from './testing/letta-platform.prism-harness.ts';

/**
 * The Letta adapter against the Letta OpenAPI document served by Prism (letta-platform.prism-harness.ts):
 * archival memory — passages inserted and searched, store_memory on Letta —
 * then describe() and close(), and that the Prism files together exercise every adapter method. What Prism cannot answer
 * meaningfully (streams, 404s, a real reply) is covered by
 * letta-recorded-*.int.test.ts.
 */
describe('Letta adapter against the Letta OpenAPI document (Prism)', () => {
  const harness = lettaPrismHarness({ started: true, covers: 'archival' });
  const { exercised, exchanges, last } = harness;

  describe('archival memory', () => {
    it('insertPassage and searchPassages (tags must all match)', async () => {
      const agent = ids.agent();
      const passage = await harness.platform.insertPassage(agent, {
        text: 'whisper-transcribe failed on call 42',
        tags: ['skill:whisper', 'failure'],
      });
      expect(last('POST', `/v1/agents/${agent}/archival-memory`).requestBody).toEqual({
        text: 'whisper-transcribe failed on call 42',
        tags: ['skill:whisper', 'failure'],
      });
      expect(passage).toEqual({
        id: 'passage-123e4567-e89b-12d3-a456-426614174000',
        agent_id: agent,
        text: 'string',
        tags: ['string'],
        created_at: '2019-08-24T14:15:22Z',
      });

      const found = await harness.platform.searchPassages(agent, {
        query: 'transcription failures',
        tags: ['skill:whisper', 'failure'],
        limit: 5,
      });
      const q = last('GET', `/v1/agents/${agent}/archival-memory/search`).url.searchParams;
      expect([q.get('query'), q.getAll('tags'), q.get('tag_match_mode'), q.get('top_k')]).toEqual([
        'transcription failures',
        ['skill:whisper', 'failure'],
        'all',
        '5',
      ]);
      expect(found).toEqual([{ id: 'string', agent_id: agent, text: 'string', tags: ['string'], created_at: 'string' }]);
    });

    it('store_memory with an agent on Letta inserts its archival passage as well as the searchable row', async () => {
      const db = await openDatabase({ kind: 'pglite', dataDir: null });
      try {
        await migrateDatabase(db, PROJECT_ROOT);
        const agent = ids.agent();
        const services = { config: testConfig(), db: async () => db.db, agents: async () => harness.platform };
        const r = await invokeTool(
          storeMemoryTool,
          { kind: 'insight', text: 'AssemblyAI is the better backup for noisy calls', tags: ['transcription'], agent_id: agent },
          { actor: systemActor('test'), services },
        );
        expect(r).toMatchObject({ status: 'ok', passage_id: 'passage-123e4567-e89b-12d3-a456-426614174000' });
        expect(last('POST', `/v1/agents/${agent}/archival-memory`).requestBody).toEqual({
          text: 'AssemblyAI is the better backup for noisy calls',
          tags: ['insight', 'transcription'],
        });
        const [row] = await db.db.select().from(memories);
        expect(row).toMatchObject({ agentId: agent, kind: 'insight', text: 'AssemblyAI is the better backup for noisy calls' });
      } finally {
        await db.close();
      }
    });
  });

  it('describe() and close()', async () => {
    expect(harness.platform.describe()).toEqual({ kind: 'letta', base_url: harness.prism.url });
    await harness.platform.close();
    expect(exchanges()).toEqual([]);
  });

  it('every adapter method was exercised above', () => {
    const methods = Object.getOwnPropertyNames(LettaAgentPlatform.prototype).filter((m) => m !== 'constructor');
    // Each Prism file checks after its tests that it called the methods it covers (letta-platform.prism-harness.ts).
    expect(methods.filter((m) => !Object.values(PRISM_COVERS).some((covered) => (covered as readonly string[]).includes(m)))).toEqual([]);
    expect(PRISM_COVERS.archival.filter((m) => !exercised.has(m))).toEqual([]);
  });
});
