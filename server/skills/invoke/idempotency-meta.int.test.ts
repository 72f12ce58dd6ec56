import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testConfig } from '../../testing/test-config.ts';
import { parseSkillManifest } from '../manifest.ts';
import { createSkillInvoker } from './invoker.ts';
import { IDEMPOTENCY_META_KEY, type SkillInvoker } from './types.ts';

/**
 * A skill server built with the MCP SDK, as a skill author writes one: its tool declares only its
 * own parameters (strictly) and reads the idempotency key from the request's `_meta`.
 */
let http: Server;
let invoker: SkillInvoker;
beforeAll(async () => {
  http = createServer((req, res) => {
    const mcp = new McpServer({ name: 'idempotent-skill', version: '1.0.0' });
    const inputSchema = z.object({ recording_uri: z.string() }).strict();
    mcp.registerTool('transcribe_audio', { inputSchema }, async (args, extra) => {
      const seen = { args, key: extra._meta?.[IDEMPOTENCY_META_KEY] ?? null };
      return { content: [{ type: 'text', text: JSON.stringify(seen) }], structuredContent: seen };
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  invoker = createSkillInvoker({ config: testConfig({ DCF_MCP_BASE_URL: base }) });
});
afterAll(async () => {
  await invoker.close();
  await new Promise((r) => http.close(r));
});

const whisperFile = new URL('../../../skills/whisper-transcribe.json', import.meta.url);
const whisper = parseSkillManifest(JSON.parse(readFileSync(whisperFile, 'utf8')))!;
const args = { recording_uri: 's3://r/1.mp3' };
const call = (idempotencyKey?: string) =>
  invoker.invoke({ manifest: whisper, toolName: 'transcribe_audio', args, attempt: 1, idempotencyKey });

describe('the idempotency key over MCP', () => {
  it("reaches the skill server in the request _meta; the tool's strict arguments stay exactly the state's", async () => {
    expect(await call('dcf-0123')).toMatchObject({ ok: true, result: { args, key: 'dcf-0123' } });
  });

  it('is absent from a call made outside a workflow state', async () => {
    expect(await call()).toMatchObject({ ok: true, result: { args, key: null } });
  });
});
