import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createUser, type PublicUser } from '../auth/users.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { testConfig } from '../testing/test-config.ts';
import { runDcf } from '../testing/run-dcf.ts';
import { createApiToken } from '../auth/api-tokens.ts';
import { createMcpHandlers } from '../mcp/handlers.ts';
import { serveFetchHandlers } from '../mcp/testing/serve-fetch.ts';

/** One tool call, four ways: the console (tRPC), the CLI, the MCP endpoint, and the invoker they all use. */
const CASES: Array<{
  tool: string;
  procedure: (c: ReturnType<typeof callerFor>['caller'], input: never) => Promise<unknown>;
  input: Record<string, unknown>;
}> = [
  {
    tool: 'validate_workflow',
    procedure: (c, i) => c.workflows.validate(i),
    input: { path: 'workflows/product-explanation-compliance.json' },
  },
  { tool: 'validate_workflow', procedure: (c, i) => c.workflows.validate(i), input: { workflow: '{"workflow_id": 1}' } },
  { tool: 'validate_skill_manifest', procedure: (c, i) => c.skills.validate(i), input: { path: 'skills/gpt4o-diarize.json' } },
  { tool: 'get_skillset', procedure: (c, i) => c.skills.list(i), input: { query: 'compliance' } },
  { tool: 'get_skillset', procedure: (c, i) => c.skills.list(i), input: { skills_dir: '/etc' } },
];

describe(`the same call gives the same result through tRPC, the CLI, MCP and the invoker (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let designer: PublicUser;
  let mcp: Client;
  let served: Awaited<ReturnType<typeof serveFetchHandlers>>;
  beforeAll(async () => {
    h = await createTestDatabase();
    const r = await createUser(h.db, { email: 'p@parity.test', displayName: 'P', role: 'workflow_designer', password: 'parity password' });
    if (!r.ok) throw new Error('setup');
    designer = r.user;
    const { token } = await createApiToken(h.db, { name: 'parity', agentName: 'parity-agent', scopes: ['read'], createdBy: designer.id });
    const handlers = createMcpHandlers({
      db: async () => h.db,
      services: () => ({ config: testConfig(), db: async () => h.db }),
      log: { error: () => undefined },
    });
    served = await serveFetchHandlers({ '/api/mcp': handlers.streamable });
    mcp = new Client({ name: 'parity', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL('/api/mcp', served.origin), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
  });
  afterAll(async () => {
    await mcp?.close();
    await served?.close();
    await h.dispose();
  });

  for (const c of CASES) {
    it(`${c.tool} ${JSON.stringify(c.input)}`, async () => {
      const viaTrpc = await c.procedure(callerFor(h.db, designer).caller, c.input as never);
      const viaInvoker = await invokeTool(findTool(c.tool)!, c.input, { actor: systemActor('test'), services: { config: testConfig() } });
      const viaCli = await runDcf(['tool', c.tool, JSON.stringify(c.input)]);
      const viaMcp = (await mcp.callTool({ name: c.tool, arguments: c.input })) as CallToolResult;
      expect(viaTrpc).toEqual(viaInvoker);
      expect(viaMcp.structuredContent).toEqual(viaInvoker);
      expect(JSON.parse((viaMcp.content[0] as { text: string }).text)).toEqual(viaInvoker);
      expect(viaMcp.isError ?? false).toBe(viaInvoker.status === 'error');
      expect(viaCli.json).toEqual(viaInvoker);
      expect(viaCli.code).toBe(viaInvoker.status === 'ok' ? 0 : 1);
    });
  }
});
