import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createApiToken } from '../auth/api-tokens.ts';
import { createUser } from '../auth/users.ts';
import { auditLog } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { createMcpHandlers } from './handlers.ts';
import { serveFetchHandlers } from './testing/serve-fetch.ts';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const lettaAgent = () => `agent-${randomUUID()}`;
/** The data directory outlives a run, and 'letta' / 'external-agent' are the same agents each run. */
const RUN = randomUUID().slice(0, 8);

/**
 * Letta presents one token (LETTA_MCP_TOKEN) for all its agents and names the agent in
 * X-Agent-Id (letta/services/mcp/*_client.py): with that token each Letta agent is itself — its
 * own memory files, its own audit entries. Another token's X-Agent-Id changes nothing.
 */
describe(`Letta agents over MCP, each as itself (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let served: Awaited<ReturnType<typeof serveFetchHandlers>>;
  const tokens = { letta: '', other: '' };
  const clients: Client[] = [];

  beforeAll(async () => {
    h = await createTestDatabase();
    const admin = await createUser(h.db, {
      email: 'admin@letta.test',
      displayName: 'Admin',
      role: 'admin',
      password: 'admin password 1',
    });
    if (!admin.ok) throw new Error('setup');
    const make = (name: string, agentName: string) =>
      createApiToken(h.db, { name, agentName, scopes: ['write'], createdBy: admin.user.id });
    tokens.letta = (await make('letta server', 'letta')).token;
    tokens.other = (await make('an external agent', 'external-agent')).token;
    const base = testConfig();
    const agentRuntime = { kind: 'letta' as const, baseUrl: 'http://letta.invalid', apiKey: undefined, mcpToken: tokens.letta };
    const config = { ...base, agentRuntime };
    const handlers = createMcpHandlers({
      db: async () => h.db,
      services: () => ({ config, db: async () => h.db }),
      log: { error: () => undefined },
    });
    served = await serveFetchHandlers({
      '/api/mcp': handlers.streamable,
      '/api/mcp/sse': handlers.sseConnect,
      '/api/mcp/messages': handlers.sseMessage,
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await served?.close();
    await h?.dispose();
  });

  async function as(token: string, agentId: string | null, kind: 'streamable' | 'sse' = 'streamable') {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      ...(agentId ? { 'X-Agent-Id': agentId } : {}),
    };
    const client = new Client({ name: 'letta-like', version: '1.0.0' });
    const transport =
      kind === 'streamable'
        ? new StreamableHTTPClientTransport(new URL('/api/mcp', served.origin), { requestInit: { headers } })
        : new SSEClientTransport(new URL('/api/mcp/sse', served.origin), { requestInit: { headers } });
    await client.connect(transport);
    clients.push(client);
    const call = async (name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, unknown>;
    return { call };
  }

  for (const kind of ['streamable', 'sse'] as const) {
    it(`${kind}: two Letta agents behind one token keep separate memory files`, async () => {
      const [a, b] = [lettaAgent(), lettaAgent()];
      const first = await as(tokens.letta, a, kind);
      const second = await as(tokens.letta, b, kind);
      expect(await first.call('write_agent_memory_file', { file_path: 'notes.md', content_base64: b64('# mine') })).toMatchObject({
        status: 'ok',
      });
      expect(await first.call('read_agent_memory_file', { file_path: 'notes.md' })).toMatchObject({ file_exists: true });
      expect(await second.call('read_agent_memory_file', { file_path: 'notes.md' })).toMatchObject({ status: 'ok', file_exists: false });
      const audited = await h.db.select().from(auditLog).where(eq(auditLog.action, 'write_agent_memory_file'));
      expect(audited.map((r) => r.actorId)).toContain(a);
    });
  }

  it("believes X-Agent-Id only with the Letta token, and only in Letta's form", async () => {
    const victim = lettaAgent();
    await (await as(tokens.letta, victim)).call('write_agent_memory_file', { file_path: `secret-${RUN}.md`, content_base64: b64('x') });
    // Another token cannot pose as a Letta agent: it stays its own agent.
    const posing = await as(tokens.other, victim);
    expect(await posing.call('read_agent_memory_file', { file_path: `secret-${RUN}.md` })).toMatchObject({ file_exists: false });
    await posing.call('write_agent_memory_file', { file_path: `own-${RUN}.md`, content_base64: b64('y') });
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.action, 'write_agent_memory_file'));
    expect(rows.map((r) => r.actorId)).toContain('external-agent');
    // A malformed header (a path, another shape) leaves the Letta token's own agent.
    const odd = await as(tokens.letta, '../agent-x');
    expect(await odd.call('read_agent_memory_file', { file_path: `secret-${RUN}.md` })).toMatchObject({ file_exists: false });
    const none = await as(tokens.letta, null);
    await none.call('write_agent_memory_file', { file_path: `shared-${RUN}.md`, content_base64: b64('z') });
    const all = await h.db.select().from(auditLog).where(eq(auditLog.action, 'write_agent_memory_file'));
    expect(all.map((r) => r.actorId)).toContain('letta');
  });
});
