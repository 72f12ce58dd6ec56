import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { LettaAgentPlatform } from '../letta-platform.ts';
import { recordingFetch, startPrism, type Exchange } from './prism.ts';

/**
 * The contract of the Letta adapter against the Letta REST API document (fixtures/letta-openapi.json)
 * served by Prism with `--errors` (letta-platform.prism-*.int.test.ts): every request the adapter
 * makes must conform to the document (no `sl-violations`; see PrismTranslator in testing/prism.ts
 * for the two Prism/document faults the recorder works around), and the adapter must read the
 * responses Prism generates from the document's examples.
 */

export const ids = { agent: () => `agent-${randomUUID()}`, block: () => `block-${randomUUID()}` };
export type Json = Record<string, any>; // recorded documents, read loosely

export const worker = JSON.parse(readFileSync(new URL('../fixtures/worker.af', import.meta.url), 'utf8')) as Json;
/** The worker template without our MCP tools (Prism's MCP server lists one tool, named by its example). */
const workerLettaOnly = {
  ...worker,
  agents: [
    {
      ...worker.agents[0],
      tool_ids: (worker.agents[0].tool_ids as string[]).filter(
        (id) => worker.tools.find((t: Json) => t.id === id).tool_type !== 'external_mcp',
      ),
    },
    worker.agents[1],
  ],
};
const templates: Record<string, unknown> = { worker, 'worker-letta-only': workerLettaOnly };

/**
 * The adapter methods each Prism file exercises (checked after its tests); together they are every
 * method of the adapter (checked by the last test of letta-platform.prism-archival.int.test.ts).
 */
export const PRISM_COVERS = {
  agents: ['createAgent', 'deleteAgent', 'getAgent', 'getAgents', 'listAgents', 'setTags', 'start'],
  blocks_tools: [
    'attachBlock',
    'attachTool',
    'createBlock',
    'deleteBlock',
    'detachBlock',
    'detachTool',
    'getBlock',
    'listAgentBlocks',
    'listAgentTools',
    'listBlockAgents',
    'start',
    'updateBlock',
  ],
  messages: [
    'listMessages',
    'queueMessage',
    'sendMessage',
    'sendMessageToAgentAndWaitForReply',
    'sendMessageToAgentAsync',
    'sendMessageToAgentsMatchingTags',
    'start',
    'streamMessage',
  ],
  delegated: ['start'],
  archival: ['close', 'describe', 'insertPassage', 'searchPassages', 'start'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Prism and the adapter on it, registered in the calling file: every exchange is recorded, and
 * after each test every request must have followed the document and succeeded (unless the test set
 * `violationsExpected`) with our API key. `started`: the adapter has registered our MCP server
 * (start()) before the tests, as it has after the first test of the agents file; `servedTool`
 * is then the tool Prism's MCP server lists. After all tests, the file must have exercised `covers`.
 */
export function lettaPrismHarness(opts: { started: boolean; covers: keyof typeof PRISM_COVERS }) {
  const log: Exchange[] = [];
  /** Adapter methods the tests called. */
  const exercised = new Set<string>();
  const t = {
    prism: undefined as unknown as Awaited<ReturnType<typeof startPrism>>,
    platform: undefined as unknown as LettaAgentPlatform,
    log,
    exercised,
    /** Set by a test that sends an invalid request on purpose. */
    violationsExpected: false,
    servedTool: undefined as unknown as { id: string; name: string },
    exchanges: () => [...log],
    last: (method: string, pathStart: string) => {
      const found = log.filter((e) => e.method === method && e.url.pathname.startsWith(pathStart)).at(-1);
      if (!found)
        throw new Error(`no ${method} ${pathStart}… request was made; made: ${log.map((e) => `${e.method} ${e.url.pathname}`).join(', ')}`);
      return found;
    },
  };

  beforeAll(async () => {
    t.prism = await startPrism();
    const real = new LettaAgentPlatform({
      baseUrl: t.prism.url,
      apiKey: 'letta-test-key',
      publicUrl: 'https://console.example.test/',
      mcpToken: 'mcp-test-token',
      loadTemplate: async (name) => {
        if (!(name in templates)) throw new Error(`no template ${name}`);
        return templates[name];
      },
      maxRetries: 0,
      fetch: recordingFetch(log),
    });
    t.platform = new Proxy(real, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function' || typeof prop !== 'string') return value;
        exercised.add(prop);
        return value.bind(target);
      },
    });
    if (opts.started) {
      await t.platform.start();
      const [tool] = log.at(-1)!.responseBody as Json[];
      t.servedTool = { id: tool!.id, name: tool!.name };
      log.splice(0);
    }
  }, 200_000);

  afterAll(async () => {
    await t.prism?.stop();
    expect(
      PRISM_COVERS[opts.covers].filter((m) => !exercised.has(m)),
      'adapter methods this file covers but did not call',
    ).toEqual([]);
  });

  afterEach(() => {
    for (const exchange of log.splice(0)) {
      const where = `${exchange.method} ${exchange.url.pathname}${exchange.url.search}`;
      if (!t.violationsExpected) {
        expect(exchange.violations, where).toEqual([]);
        expect(exchange.status, where).toBeLessThan(300);
      }
      expect(exchange.requestHeaders.get('authorization'), where).toBe('Bearer letta-test-key');
    }
    t.violationsExpected = false;
  });
  return t;
}
