import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '../trpc/root.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { runDcf } from '../testing/run-dcf.ts';

/**
 * Issue 29: over-limit and NUL-byte arguments are refused as invalid input through the console
 * (tRPC) and the CLI too (MCP: server/mcp/mcp-endpoint.int.test.ts). tRPC validates a tool
 * procedure's input with the tool's own schema first, so an over-limit value is its BAD_REQUEST
 * carrying the invoker's issue shape and code (`data.issues`, `data.error_code: 'invalid_input'`,
 * server/trpc/init.ts); a NUL byte passes zod
 * and is refused by the invoker's shape walk as the `invalid_input` envelope.
 */
describe(`bounded inputs through tRPC and the CLI (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let viewer: PublicUser;
  beforeAll(async () => {
    h = await createTestDatabase();
    const r = await createUser(h.db, { email: 'v@bounds.test', displayName: 'V', role: 'stakeholder', password: 'bounds password 1' });
    if (!r.ok) throw new Error('setup');
    viewer = r.user;
  });
  afterAll(async () => h?.dispose());

  it('tRPC: graph.search refuses a 5,000-character query with the issue naming /query, and a NUL byte as invalid_input', async () => {
    const { caller } = callerFor(h.db, viewer);
    const err = await caller.graph.search({ query: 'A'.repeat(5000) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe('BAD_REQUEST');
    expect((err as TRPCError).message).toMatch(/<=1000 characters/);
    const nul = await caller.graph.search({ query: 'zebra\u0000' });
    const nulIssue = { path: '/query', code: 'input.nul_byte' };
    expect(nul).toMatchObject({ status: 'error', error_code: 'invalid_input', details: { issues: [nulIssue] } });
  });

  it('tRPC over HTTP: the refusal names invalid_input beside the issues, as the other transports do', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { query: 'A'.repeat(5000) } }));
    const req = new Request(`http://console.test/api/trpc/graph.search?input=${input}`);
    const createContext = () => callerFor(h.db, viewer).ctx;
    const res = await fetchRequestHandler({ endpoint: '/api/trpc', req, router: appRouter, createContext });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { json: { data: { error_code: string; issues: unknown[] } } } };
    expect(body.error.json.data).toMatchObject({ error_code: 'invalid_input', issues: [{ path: '/query', code: 'input.too_big' }] });
  });

  it('the CLI: an over-limit query and a non-object argument are invalid_input (exit 1)', async () => {
    const long = await runDcf(['tool', 'search_embeddings', JSON.stringify({ query: 'A'.repeat(5000) })]);
    const issue = { path: '/query', code: 'input.too_big' };
    expect(long.json).toMatchObject({ status: 'error', error_code: 'invalid_input', details: { issues: [issue] } });
    expect(long.code).toBe(1);
    const notObject = await runDcf(['tool', 'search_embeddings', '"zebra"']);
    expect(notObject.json).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(notObject.code).toBe(1);
  });
});
