import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisClient } from '../redis/connection.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createApiToken, revokeApiToken } from '../auth/api-tokens.ts';
import { createRedis } from '../redis/client.ts';
import { singleRedis } from '../config-redis.ts';
import { TOOLS } from '../tools/registry.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { createMcpHandlers, type McpHandlers } from './handlers.ts';
import { MAX_MESSAGE_BYTES } from './legacy-sse-transport.ts';
import { sseSessionKey } from './sse-relay.ts';
import { serveFetchHandlers } from './testing/serve-fetch.ts';
import { sseEvents } from './testing/sse-events.ts';

type Served = Awaited<ReturnType<typeof serveFetchHandlers>>;

/**
 * Two consoles (issue 32) on one database and one Redis, each with its own handlers, Redis
 * connections and sessions: a legacy SSE session opened on console A answers POSTs made to console B.
 */
describe(`legacy SSE sessions through any console (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let redisUrl: string;
  const consoles: Array<{ handlers: McpHandlers; served: Served; redis: RedisClient }> = [];
  let balancer: Served;
  const internalErrors: unknown[] = [];
  const tokens = { reader: '', writer: '', doomed: '' };
  let doomedId = '';

  async function startConsole(sessionTtlMs?: number): Promise<(typeof consoles)[number]> {
    const redis = createRedis(singleRedis(redisUrl));
    const handlers = createMcpHandlers({
      db: async () => h.db,
      services: () => ({ config: testConfig(), db: async () => h.db }),
      log: { error: (obj) => internalErrors.push(obj) },
      redis,
      sseRelay: { ackTimeoutMs: 2_000, sessionTtlMs },
    });
    const served = await serveFetchHandlers({ '/api/mcp/sse': handlers.sseConnect, '/api/mcp/messages': handlers.sseMessage });
    const started = { handlers, served, redis };
    consoles.push(started);
    return started;
  }

  beforeAll(async () => {
    h = await createTestDatabase();
    redisUrl = await isolatedRedisUrl();
    const make = (name: string, scopes: Array<'read' | 'write'>) =>
      createApiToken(h.db, { name, agentName: `${name}-agent`, scopes, createdBy: null });
    const [reader, writer, doomed] = [await make('reader', ['read']), await make('writer', ['write']), await make('doomed', ['read'])];
    Object.assign(tokens, { reader: reader.token, writer: writer.token, doomed: doomed.token });
    doomedId = doomed.info.id;
    const [a, b] = [await startConsole(), await startConsole()];
    // A load balancer without sticky routing at its worst: every GET to console A, every POST to console B.
    balancer = await serveFetchHandlers({ '/api/mcp/sse': a.handlers.sseConnect, '/api/mcp/messages': b.handlers.sseMessage });
  });
  afterAll(async () => {
    await balancer?.close();
    for (const c of consoles) {
      await c.served.close();
      await c.handlers.close();
      c.redis.disconnect();
    }
    await h?.dispose();
  });

  const [A, B] = [0, 1];
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  /** Opens a session's stream on console `on`: its event reader and its messages path. */
  async function openStream(on: number, token: string) {
    const res = await fetch(new URL('/api/mcp/sse', consoles[on]!.served.origin), { headers: auth(token) });
    expect(res.status).toBe(200);
    const events = sseEvents(res.body!);
    return { events, endpoint: await events.next('endpoint') };
  }
  const post = (on: number, endpoint: string, token: string, message: unknown) =>
    fetch(new URL(endpoint, consoles[on]!.served.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(token) },
      body: typeof message === 'string' ? message : JSON.stringify(message),
    });

  it('initialize, tools/list and tools/call POSTed to console B are answered on console A’s stream (the MCP SDK client)', async () => {
    const client = new Client({ name: 'vitest', version: '1.0.0' });
    await client.connect(
      new SSEClientTransport(new URL('/api/mcp/sse', balancer.origin), { requestInit: { headers: auth(tokens.reader) } }),
    );
    try {
      expect(consoles[A]!.handlers.openSseSessions()).toBe(1);
      expect(consoles[B]!.handlers.openSseSessions()).toBe(0);
      expect(client.getServerVersion()?.name).toBe('dcf-console');
      expect((await client.listTools()).tools).toHaveLength(TOOLS.length);
      const result = (await client.callTool({
        name: 'validate_workflow',
        arguments: { path: 'workflows/product-explanation-compliance.json' },
      })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ status: 'ok' });
    } finally {
      await client.close();
    }
    await expect.poll(() => consoles[A]!.handlers.openSseSessions(), { timeout: 5_000 }).toBe(0);
  });

  it('refuses another token’s POST on console B with the unknown-session answer, and takes the owner’s', async () => {
    const { events, endpoint } = await openStream(A, tokens.reader);
    try {
      const unknown = await post(
        B,
        endpoint.replace(/sessionId=[^&]+/, 'sessionId=00000000-0000-4000-8000-000000000000'),
        tokens.reader,
        {},
      );
      const other = await post(B, endpoint, tokens.writer, { jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(other.status).toBe(404);
      expect(unknown.status).toBe(404);
      expect(await other.json()).toEqual(await unknown.json());
      const own = await post(B, endpoint, tokens.reader, { jsonrpc: '2.0', id: 2, method: 'ping' });
      expect(own.status).toBe(202);
      expect(JSON.parse(await events.next('message'))).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    } finally {
      await events.cancel();
    }
  });

  it('checks and bounds a message on the console it reaches: unreadable 400, oversized 413, never relayed', async () => {
    const { events, endpoint } = await openStream(A, tokens.reader);
    try {
      expect((await post(B, endpoint, tokens.reader, '{"not":"json-rpc"}')).status).toBe(400);
      expect((await post(B, endpoint, tokens.reader, `"${'x'.repeat(MAX_MESSAGE_BYTES)}"`)).status).toBe(413);
      expect((await post(B, endpoint, tokens.reader, { jsonrpc: '2.0', id: 3, method: 'ping' })).status).toBe(202);
      // The first message on the stream answers the one valid POST: the refused ones never reached console A.
      expect(JSON.parse(await events.next('message'))).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    } finally {
      await events.cancel();
    }
  });

  it('refuses a revoked token at its next POST on console B (401)', async () => {
    const { events, endpoint } = await openStream(A, tokens.doomed);
    try {
      expect((await post(B, endpoint, tokens.doomed, { jsonrpc: '2.0', id: 4, method: 'ping' })).status).toBe(202);
      await revokeApiToken(h.db, doomedId);
      const refused = await post(B, endpoint, tokens.doomed, { jsonrpc: '2.0', id: 5, method: 'ping' });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toMatch(/revoked/);
    } finally {
      await events.cancel();
    }
  });

  it('forgets a session when console A’s stream closes: its registration is removed and console B answers unknown', async () => {
    const { events, endpoint } = await openStream(A, tokens.reader);
    const key = sseSessionKey(new URL(endpoint, 'http://x').searchParams.get('sessionId')!);
    expect(await consoles[B]!.redis.exists(key)).toBe(1);
    await events.cancel();
    await expect.poll(() => consoles[A]!.handlers.openSseSessions(), { timeout: 5_000 }).toBe(0);
    await expect.poll(() => consoles[B]!.redis.exists(key), { timeout: 5_000 }).toBe(0);
    expect((await post(B, endpoint, tokens.reader, { jsonrpc: '2.0', id: 6, method: 'ping' })).status).toBe(404);
  });

  it('refreshes a session’s registration while its stream is open', async () => {
    const c = await startConsole(3_000);
    const { events, endpoint } = await openStream(consoles.indexOf(c), tokens.reader);
    try {
      const key = sseSessionKey(new URL(endpoint, 'http://x').searchParams.get('sessionId')!);
      const first = await c.redis.pttl(key);
      expect(first).toBeGreaterThan(0);
      // The TTL runs down (half a second at least), then a refresh sets it back to its whole
      // length: it grows again past that low reading, which only a refresh can do.
      let low = first;
      await expect.poll(async () => (low = await c.redis.pttl(key)), { timeout: 10_000 }).toBeLessThan(first - 500);
      await expect.poll(() => c.redis.pttl(key), { timeout: 10_000 }).toBeGreaterThan(low);
    } finally {
      await events.cancel();
    }
    await c.handlers.close();
  });

  it('answers 410 when the console holding the stream no longer answers (its registration not yet expired)', async () => {
    const c = await startConsole();
    const { events, endpoint } = await openStream(consoles.indexOf(c), tokens.reader);
    try {
      await c.handlers.close(); // as if killed: it stops taking relayed messages, its registration stays until the TTL
      const gone = await post(B, endpoint, tokens.reader, { jsonrpc: '2.0', id: 7, method: 'ping' });
      expect(gone.status).toBe(410);
      expect(await gone.json()).toMatchObject({ error: { code: -32001, message: expect.stringMatching(/^Session gone/) } });
    } finally {
      await events.cancel();
    }
    expect(internalErrors).toEqual([]);
  });
});
