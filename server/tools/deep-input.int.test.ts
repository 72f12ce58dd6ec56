import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { auditLog } from '../db/schema/index.ts';
import { createApiToken } from '../auth/api-tokens.ts';
import { createMcpHandlers } from '../mcp/handlers.ts';
import { serveFetchHandlers } from '../mcp/testing/serve-fetch.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { appRouter } from '../trpc/root.ts';

/**
 * Issue 14 item 7 over the real transports: 100 000 nested arrays in `runs.start`'s `input` gave a
 * 500 "Maximum call stack size exceeded". The bodies are sent as JSON text (a client could not
 * even JSON.stringify such a value); V8's JSON.parse reads them iteratively, then the tool layer's
 * shape check answers before anything recursive runs, and the audit entry is still written.
 */
const DEEP = '['.repeat(100_000) + ']'.repeat(100_000);
const REFUSED = {
  status: 'error',
  error_code: 'invalid_input',
  details: { issues: [{ code: 'input.too_deep' }], limit: 64 },
};

describe(`over-deep tool arguments through tRPC and MCP (${testDbKind()})`, { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: PublicUser;
  let served: Awaited<ReturnType<typeof serveFetchHandlers>>;
  let tokens: { read: string; write: string };
  beforeAll(async () => {
    db = await createTestDatabase();
    const user = { email: 'deep@input.test', displayName: 'D', role: 'admin' as const, password: 'deep input password' };
    const r = await createUser(db.db, user);
    if (!r.ok) throw new Error('setup');
    admin = r.user;
    const token = async (scopes: Array<'read' | 'write'>) =>
      (await createApiToken(db.db, { name: scopes.join('+'), agentName: 'deep', scopes, createdBy: admin.id })).token;
    tokens = { read: await token(['read']), write: await token(['read', 'write']) };
    const services = () => ({ config: testConfig(), db: async () => db.db });
    const handlers = createMcpHandlers({ db: async () => db.db, services, log: { error: () => undefined } });
    served = await serveFetchHandlers({ '/api/mcp': handlers.streamable });
  });
  afterAll(async () => {
    await served?.close();
    await db?.dispose();
  });

  const trpc = async (procedure: string, body: string) => {
    const req = new Request(`http://console.test/api/trpc/${procedure}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-trpc-method-override': 'POST' },
    });
    const createContext = () => callerFor(db.db, admin).ctx;
    const res = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req,
      router: appRouter,
      allowMethodOverride: true,
      createContext,
    });
    return { status: res.status, body: (await res.json()) as { result?: { data: { json: unknown } } } };
  };

  it('tRPC runs.start and workflows.validate answer 200 with invalid_input, and the mutation is audited', async () => {
    const started = await trpc('runs.start', `{"json":{"workflow":{},"input":${DEEP}}}`);
    expect(started.status).toBe(200);
    expect(started.body.result?.data.json).toMatchObject(REFUSED);
    const validated = await trpc('workflows.validate', `{"json":{"workflow":{"asl":${DEEP}}}}`);
    expect(validated.status).toBe(200);
    expect(validated.body.result?.data.json).toMatchObject(REFUSED);
    const rows = await db.db.select().from(auditLog).where(eq(auditLog.action, 'runs.start'));
    expect(rows).toMatchObject([{ actorLabel: 'deep@input.test', resultStatus: 'error' }]);
  });

  it('MCP tools/call answers with an invalid_input result (write token), or forbidden (read token), audited', async () => {
    const call = async (token: string) => {
      const params = `{"name":"start_workflow_run","arguments":{"workflow":{},"input":${DEEP}}}`;
      const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${params}}`;
      const res = await fetch(new URL('/api/mcp', served.origin), {
        method: 'POST',
        body,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      });
      const text = await res.text();
      // The transport answers with one SSE event (or plain JSON): the JSON-RPC message is its data.
      const data = text.startsWith('{')
        ? text
        : text
            .split('\n')
            .find((l) => l.startsWith('data: '))!
            .slice(6);
      const message = JSON.parse(data) as { result?: { structuredContent: unknown; isError?: boolean } };
      return { status: res.status, message };
    };
    const written = await call(tokens.write);
    expect(written.status).toBe(200);
    expect(written.message.result).toMatchObject({ isError: true, structuredContent: REFUSED });
    const refused = await call(tokens.read);
    expect(refused.message.result).toMatchObject({ isError: true, structuredContent: { error_code: 'forbidden' } });
    const rows = await db.db.select().from(auditLog).where(eq(auditLog.action, 'start_workflow_run'));
    expect(rows.map((r) => r.resultStatus).sort()).toEqual(['error', 'forbidden']);
  });
});
