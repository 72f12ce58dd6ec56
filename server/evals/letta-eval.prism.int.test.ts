import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LettaAgentPlatform } from '../agents/letta/letta-platform.ts';
import { recordingFetch, startPrism, type Exchange } from '../agents/letta/testing/prism.ts';
import { startReplayServer } from '../agents/letta/testing/replay-server.ts';
import { ourMcpServerListing, registrationVia } from '../agents/letta/testing/our-mcp-server.ts';
import { loadAgentTemplate } from '../agents/templates/load-template.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { loadDataset } from './dataset.ts';
import { runDataset, selectCases } from './runner.ts';
import { getEvalRun } from './store.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Planner cases of the demo dataset: a confirmation, a name the CRM lacks, a misspelt name (one and two turns). */
const CASES = ['review-confirm', 'unknown-advisor', 'misspelt-advisor'];

/**
 * `--brain letta` end to end (issue 30): the evaluation runner on the Letta adapter, against
 * Prism serving the vendored Letta OpenAPI document (no Letta server runs here), our MCP server's
 * registration replayed with the registry's tools so the real Planner template can be created.
 * Prism answers with the document's examples, so a turn gets no real reply: the run must still
 * finish and be stored with brain `letta` and the model Letta names for its agents, each turn's
 * platform failure recorded on its case, and the scores only what those answers earn.
 */
describe('an evaluation run on the Letta adapter (Prism)', () => {
  let prism: Awaited<ReturnType<typeof startPrism>>;
  let mcp: Awaited<ReturnType<typeof startReplayServer>>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LettaAgentPlatform;
  const log: Exchange[] = [];
  /** Requests to paths matching this are answered 503 by "Letta" (a server that fails), not sent to Prism. */
  let refused: RegExp | null = null;

  beforeAll(async () => {
    prism = await startPrism();
    mcp = await startReplayServer(ourMcpServerListing().routes);
    const toPrism = recordingFetch(log);
    platform = new LettaAgentPlatform({
      baseUrl: prism.url,
      apiKey: 'letta-test-key',
      publicUrl: 'https://console.example.test',
      mcpToken: 'mcp-test-token',
      loadTemplate: async (name) => (await loadAgentTemplate(name)).file,
      maxRetries: 0,
      fetch: registrationVia(mcp.url, async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (refused?.test(url.pathname))
          return new Response(JSON.stringify({ detail: 'Letta is unavailable' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          });
        return toPrism(input, init);
      }),
    });
    db = await createTestDatabase();
  }, 180_000);

  afterAll(async () => {
    await platform?.close();
    await mcp?.close();
    await prism?.stop();
    await db?.dispose();
  });

  it('finishes, stored with brain letta and the model Letta names; the scores are what the example answers earned', async () => {
    const read = await loadDataset('demo', ROOT);
    if (!read.ok) throw new Error(read.error);
    const chosen = selectCases(read.value, CASES);
    if (!chosen.ok) throw new Error(chosen.error);
    const services = { config: testConfig(), db: async () => db.db, agents: async () => platform };
    const { run, cases } = await runDataset(db.db, platform, chosen.value, { startedBy: 'test', services });

    // Every request the runner made through the adapter conforms to Letta's document.
    expect(log.filter((e) => e.violations.length).map((e) => `${e.method} ${e.url.pathname}`)).toEqual([]);
    const created = log.filter((e) => e.method === 'POST' && e.url.pathname === '/v1/agents/');
    expect(created).toHaveLength(CASES.length);
    const model = (created[0]!.responseBody as { model?: string | null; llm_config?: { model?: string } }).model;
    expect(typeof model).toBe('string');
    expect(run).toMatchObject({ status: 'finished', brain: 'letta', model, dataset: 'demo', cases_total: CASES.length });

    // Prism's example turn is one without an answer: each case's turns are stored as empty answers, no tool called.
    const stored = await getEvalRun(db.db, run.id);
    for (const c of stored!.cases)
      for (const turn of c.transcript as Array<{ error: string | null; reply: string; tools: string[] }>)
        expect(turn).toMatchObject({ reply: '', tools: [], error: null });
    // What an empty answer earns: "no run" holds (nothing ran), every fact and question fails.
    expect(cases.map((c) => [c.case_id, c.passed, c.total, c.error])).toEqual([
      ['review-confirm', 1, 2, null],
      ['unknown-advisor', 1, 3, null],
      ['misspelt-advisor', 2, 4, null],
    ]);
    expect(run.score).toBeCloseTo((1 / 2 + 1 / 3 + 2 / 4) / 3, 5);
    expect(run.cases_passed).toBe(0);
  }, 180_000);

  it('a Letta server that fails is recorded on the cases (a turn refused, an agent not created), and the run still finishes', async () => {
    const read = await loadDataset('demo', ROOT);
    if (!read.ok) throw new Error(read.error);
    const services = { config: testConfig(), db: async () => db.db, agents: async () => platform };
    const run = async (refuse: RegExp) => {
      refused = refuse;
      try {
        const chosen = selectCases(read.value, ['review-confirm', 'unknown-advisor']);
        if (!chosen.ok) throw new Error(chosen.error);
        return await runDataset(db.db, platform, chosen.value, { startedBy: 'test', services });
      } finally {
        refused = null;
      }
    };
    const turns = await run(/\/messages$/);
    expect(turns.run).toMatchObject({ status: 'finished', brain: 'letta', score: 0, cases_passed: 0 });
    expect(turns.cases.map((c) => c.error)).toEqual(['turn 1: the agent platform failed', 'turn 1: the agent platform failed']);
    const stored = await getEvalRun(db.db, turns.run.id);
    const [first] = stored!.cases[0]!.transcript as Array<{ error: string | null }>;
    expect(first!.error).toContain('503');
    // Nothing was observed of a refused turn, so not even "no run" holds.
    expect(turns.cases[0]!.failed.map((f) => f.kind)).toEqual(['no_run', 'fact']);

    const agents = await run(/^\/v1\/agents\/$/);
    expect(agents.run).toMatchObject({ status: 'finished', score: 0, model: null });
    for (const c of agents.cases) expect(c.error).toContain('503');
  }, 180_000);
});
