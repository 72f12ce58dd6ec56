import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import { systemActor } from '../audit/actor.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { testConfig } from '../testing/test-config.ts';
import { runDcf } from '../testing/run-dcf.ts';

/** One tool call, three transports: the console (tRPC), the CLI, and the invoker MCP will use. */
const CASES: Array<{ tool: string; procedure: (c: ReturnType<typeof callerFor>['caller'], input: never) => Promise<unknown>; input: Record<string, unknown> }> = [
  { tool: 'validate_workflow', procedure: (c, i) => c.workflows.validate(i), input: { path: 'schemas/examples/spec/3.3-workflow-product-explanation-compliance.json' } },
  { tool: 'validate_workflow', procedure: (c, i) => c.workflows.validate(i), input: { workflow: '{"workflow_id": 1}' } },
  { tool: 'validate_skill_manifest', procedure: (c, i) => c.skills.validate(i), input: { path: 'skills/gpt4o-diarize.json' } },
  { tool: 'get_skillset', procedure: (c, i) => c.skills.list(i), input: { query: 'compliance' } },
  { tool: 'get_skillset', procedure: (c, i) => c.skills.list(i), input: { skills_dir: '/etc' } },
];

describe(`the same call gives the same result through tRPC, the CLI and the invoker (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let designer: PublicUser;
  beforeAll(async () => {
    h = await createTestDatabase();
    const r = await createUser(h.db, { email: 'p@parity.test', displayName: 'P', role: 'workflow_designer', password: 'parity password' });
    if (!r.ok) throw new Error('setup');
    designer = r.user;
  });
  afterAll(() => h.dispose());

  for (const c of CASES) {
    it(`${c.tool} ${JSON.stringify(c.input)}`, async () => {
      const viaTrpc = await c.procedure(callerFor(h.db, designer).caller, c.input as never);
      const viaInvoker = await invokeTool(findTool(c.tool)!, c.input, { actor: systemActor('test'), services: { config: testConfig() } });
      const viaCli = await runDcf(['tool', c.tool, JSON.stringify(c.input)]);
      expect(viaTrpc).toEqual(viaInvoker);
      expect(viaCli.json).toEqual(viaInvoker);
      expect(viaCli.code).toBe(viaInvoker.status === 'ok' ? 0 : 1);
    });
  }
});
