import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createUser } from '../auth/users.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { apiTokens, auditLog } from '../db/schema/index.ts';
import { invokeTool } from '../tools/invoke.ts';
import { describeTools, findTool, TOOLS } from '../tools/registry.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { createApiToken, revokeApiToken } from '../auth/api-tokens.ts';
import { createMcpHandlers, type McpHandlers } from './handlers.ts';
import { serveFetchHandlers } from './testing/serve-fetch.ts';
import { sseEvents } from './testing/sse-events.ts';

const VALIDATE = { path: 'workflows/product-explanation-compliance.json' };

describe(`the MCP endpoint (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let served: Awaited<ReturnType<typeof serveFetchHandlers>>;
  let handlers: McpHandlers;
  const internalErrors: unknown[] = [];
  const tokens = { read: '', write: '', revoked: '' };
  const ids = { read: '', write: '' };
  const clients: Client[] = [];

  beforeAll(async () => {
    h = await createTestDatabase();
    const admin = await createUser(h.db, { email: 'admin@mcp.test', displayName: 'Admin', role: 'admin', password: 'admin password 1' });
    if (!admin.ok) throw new Error('setup');
    const make = (name: string, agentName: string, scopes: Array<'read' | 'write'>) =>
      createApiToken(h.db, { name, agentName, scopes, createdBy: admin.user.id });
    const read = await make('reader', 'planner-agent', ['read']);
    const write = await make('writer', 'worker-agent', ['write']);
    const revoked = await make('old', 'retired-agent', ['read', 'write']);
    await revokeApiToken(h.db, revoked.info.id);
    Object.assign(tokens, { read: read.token, write: write.token, revoked: revoked.token });
    Object.assign(ids, { read: read.info.id, write: write.info.id });
    handlers = createMcpHandlers({
      db: async () => h.db,
      services: () => ({ config: testConfig(), db: async () => h.db }),
      log: { error: (obj) => internalErrors.push(obj) },
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

  const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  async function connect(kind: 'streamable' | 'sse', token: string): Promise<Client> {
    const client = new Client({ name: 'vitest', version: '1.0.0' });
    const transport =
      kind === 'streamable'
        ? new StreamableHTTPClientTransport(new URL('/api/mcp', served.origin), { requestInit: auth(token) })
        : new SSEClientTransport(new URL('/api/mcp/sse', served.origin), { requestInit: auth(token) });
    await client.connect(transport);
    clients.push(client);
    return client;
  }
  const auditRows = (action: string) => h.db.select().from(auditLog).where(eq(auditLog.action, action));

  for (const kind of ['streamable', 'sse'] as const) {
    describe(kind === 'streamable' ? 'Streamable HTTP' : 'legacy HTTP+SSE', () => {
      it('lists every tool of the registry with its JSON Schemas and readOnlyHint', async () => {
        const { tools } = await (await connect(kind, tokens.read)).listTools();
        expect(tools).toHaveLength(TOOLS.length);
        const described = new Map(describeTools().map((d) => [d.name, d]));
        for (const tool of tools) {
          const d = described.get(tool.name)!;
          expect(d, tool.name).toBeDefined();
          expect(tool.description).toBe(d.description);
          expect(tool.inputSchema).toEqual(d.inputSchema);
          expect(tool.outputSchema).toEqual({ type: 'object', ...(d.outputSchema as object) });
          expect(tool.annotations?.readOnlyHint).toBe(d.readOnly);
        }
      });

      it('calls a read-only tool: structuredContent and text are the invoker’s result', async () => {
        const result = (await (
          await connect(kind, tokens.read)
        ).callTool({ name: 'validate_workflow', arguments: VALIDATE })) as CallToolResult;
        const expected = await invokeTool(findTool('validate_workflow')!, VALIDATE, {
          actor: systemActor('test'),
          services: { config: testConfig() },
        });
        expect(expected.status).toBe('ok');
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toEqual(expected);
        expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(expected);
      });

      it('refuses a mutating tool to a read token with a structured forbidden error, and audits the refusal', async () => {
        const text = `refused ${kind}`;
        const result = (await (
          await connect(kind, tokens.read)
        ).callTool({ name: 'store_memory', arguments: { kind: 'insight', text } })) as CallToolResult;
        expect(result.isError).toBe(true);
        expect(result.structuredContent).toMatchObject({
          status: 'error',
          error_code: 'forbidden',
          details: { required_scope: 'write', token_scopes: ['read'] },
        });
        const rows = await auditRows('store_memory');
        expect(
          rows.filter((r) => r.resultStatus === 'forbidden' && r.actorId === 'planner-agent' && r.actorKind === 'agent'),
        ).not.toHaveLength(0);
      });
    });
  }

  it('runs a mutating tool with a write token, audited with the agent as actor, and reads its effect back', async () => {
    const client = await connect('streamable', tokens.write);
    const before = (await auditRows('store_memory')).length;
    const stored = (await client.callTool({
      name: 'store_memory',
      arguments: { kind: 'insight', text: 'the zebra transcript needed diarization' },
    })) as CallToolResult;
    expect(stored.isError).toBeFalsy();
    expect(stored.structuredContent).toMatchObject({ status: 'ok', error: null, memory_id: expect.any(String) });
    const rows = await auditRows('store_memory');
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((r) => r.resultStatus === 'ok')!;
    expect(row).toMatchObject({
      actorKind: 'agent',
      actorId: 'worker-agent',
      actorLabel: 'worker-agent',
      detail: { via: 'mcp', token_id: ids.write },
    });
    expect(row.argsDigest).toMatch(/^sha256:[0-9a-f]{64}$/);

    const found = (await client.callTool({
      name: 'search_embeddings',
      arguments: { query: 'zebra diarization', kinds: ['memory'] },
    })) as CallToolResult;
    expect((found.structuredContent as { hits: Array<{ snippet: string }> }).hits.some((hit) => hit.snippet.includes('zebra'))).toBe(true);
    const reads = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'search_embeddings'), eq(auditLog.actorId, 'worker-agent')));
    expect(reads.map((r) => r.resultStatus)).toEqual(['ok']);
  });

  it('answers invalid arguments with the invoker’s invalid_input failure (isError), and an unknown tool with a protocol error', async () => {
    const client = await connect('streamable', tokens.write);
    const bad = (await client.callTool({ name: 'search_embeddings', arguments: { query: '' } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toEqual(
      await invokeTool(findTool('search_embeddings')!, { query: '' }, { actor: systemActor('test'), services: { config: testConfig() } }),
    );
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: 'MCP error -32602: Unknown tool: no_such_tool',
    });
  });

  it('answers non-object arguments with -32602 (invalid params), not -32603 (issue 29)', async () => {
    for (const kind of ['streamable', 'sse'] as const) {
      const client = await connect(kind, tokens.write);
      for (const args of ['a string', 42, [1, 2], null]) {
        const params = { name: 'search_embeddings', arguments: args } as unknown as { name: string };
        await expect(
          client.request({ method: 'tools/call', params }, CallToolResultSchema),
          `${kind} ${JSON.stringify(args)}`,
        ).rejects.toMatchObject({ code: -32602 });
      }
    }
  });

  it('refuses over-limit and NUL-byte arguments as invalid_input naming the field (issue 29)', async () => {
    const client = await connect('streamable', tokens.write);
    const call = async (name: string, args: Record<string, unknown>) =>
      ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, unknown>;
    const long = await call('search_embeddings', { query: 'A'.repeat(5000) });
    const tooBig = { path: '/query', code: 'input.too_big' };
    expect(long).toMatchObject({ status: 'error', error_code: 'invalid_input', details: { issues: [tooBig] } });
    const ids = Array.from({ length: 51 }, (_, i) => `agent-${i}`);
    const many = await call('compare_models', { model_ids: ids });
    expect(many).toMatchObject({ error_code: 'invalid_input', details: { issues: [{ path: '/model_ids' }] } });
    const nul = await call('store_memory', { kind: 'insight', text: 'a\u0000b' });
    expect(nul).toMatchObject({ error_code: 'invalid_input', details: { issues: [{ path: '/text', code: 'input.nul_byte' }] } });
    expect(internalErrors).toEqual([]);
  });

  it('answers 401 with a Bearer challenge without a token, with an unknown or a revoked token', async () => {
    const init = (token?: string) => ({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    for (const [token, challenge] of [
      [undefined, /^Bearer realm="dcf-console"$/],
      ['dcf_not-a-real-token', /error="invalid_token"/],
      [tokens.revoked, /revoked/],
    ] as const) {
      for (const path of ['/api/mcp', '/api/mcp/sse']) {
        const res = await fetch(new URL(path, served.origin), path.endsWith('sse') ? { headers: init(token).headers } : init(token));
        expect(res.status, `${path} ${token}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(challenge);
        expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
      }
    }
    await expect(connect('streamable', 'dcf_wrong')).rejects.toMatchObject({ code: 401 });
    await expect(connect('sse', 'dcf_wrong')).rejects.toThrow(/Non-200 status code \(401\)/);
  });

  it('stops honouring a token as soon as it is revoked, also inside an open SSE session', async () => {
    const { token, info } = await createApiToken(h.db, { name: 'short-lived', agentName: 'temp-agent', scopes: ['read'], createdBy: null });
    const streamable = await connect('streamable', token);
    const sse = await connect('sse', token);
    expect((await streamable.listTools()).tools).toHaveLength(TOOLS.length);
    await revokeApiToken(h.db, info.id);
    await expect(streamable.listTools()).rejects.toMatchObject({ code: 401 });
    await expect(sse.listTools()).rejects.toThrow(/HTTP 401.*revoked/);
  });

  it('records when a token was last used', async () => {
    const [row] = await h.db.select().from(apiTokens).where(eq(apiTokens.id, ids.read));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses a page of another origin (403), session-less methods (405), and another token’s SSE session (404)', async () => {
    const post = {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${tokens.read}`,
      },
      body: '{}',
    };
    expect(
      (await fetch(new URL('/api/mcp', served.origin), { ...post, headers: { ...post.headers, origin: 'http://evil.example' } })).status,
    ).toBe(403);
    expect(
      (await fetch(new URL('/api/mcp', served.origin), { headers: { ...auth(tokens.read).headers, accept: 'text/event-stream' } })).status,
    ).toBe(405);
    expect((await fetch(new URL('/api/mcp', served.origin), { method: 'DELETE', ...auth(tokens.read) })).status).toBe(405);

    const stream = await fetch(new URL('/api/mcp/sse', served.origin), auth(tokens.read));
    const events = sseEvents(stream.body!);
    try {
      const endpoint = await events.next('endpoint');
      expect(endpoint).toMatch(/^\/api\/mcp\/messages\?sessionId=[0-9a-f-]{36}$/);
      const message = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      };
      const other = await fetch(new URL(endpoint, served.origin), {
        ...message,
        headers: { ...message.headers, authorization: `Bearer ${tokens.write}` },
      });
      expect(other.status).toBe(404);
      const own = await fetch(new URL(endpoint, served.origin), {
        ...message,
        headers: { ...message.headers, authorization: `Bearer ${tokens.read}` },
      });
      expect(own.status).toBe(202);
      expect(JSON.parse(await events.next('message'))).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    } finally {
      await events.cancel();
    }
  });

  it('refuses a request for another host name (DNS rebinding) with 403 and a JSON-RPC error, token or not', async () => {
    /** An initialize POST with the Host and Origin a rebinding page's browser sends (fetch may not set Host). */
    const initialize = (path: string, host: string, method = 'POST') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { port } = new URL(served.origin);
        const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'probe', version: '1' } };
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params });
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            headers: {
              host,
              origin: `http://${host}`,
              authorization: `Bearer ${tokens.write}`,
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => {
              text += c.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.end(method === 'POST' ? body : undefined);
      });
    const { port } = new URL(served.origin);
    for (const [path, method] of [
      ['/api/mcp', 'POST'],
      ['/api/mcp/sse', 'GET'],
      ['/api/mcp/messages?sessionId=x', 'POST'],
    ] as const) {
      const refused = await initialize(path, `evil.example.com:${port}`, method);
      expect(refused.status, path).toBe(403);
      expect(JSON.parse(refused.body)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringMatching(/^Forbidden: host evil\.example\.com:\d+ is not this console/) },
      });
    }
    // The same request by the console's own names goes through (loopback here; DCF_PUBLIC_URL's host in production).
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const accepted = await initialize('/api/mcp', host);
      expect(accepted.status, host).toBe(200);
      expect(accepted.body).toContain('"serverInfo"');
    }
  });

  it('forgets a legacy session when its stream closes, and logged no internal error', async () => {
    const client = await connect('sse', tokens.read);
    expect(handlers.openSseSessions()).toBeGreaterThan(0);
    await Promise.all(clients.map((c) => c.close()));
    clients.length = 0;
    await expect.poll(() => handlers.openSseSessions(), { timeout: 5_000 }).toBe(0);
    expect(client.transport).toBeUndefined();
    expect(internalErrors).toEqual([]);
  });
});
