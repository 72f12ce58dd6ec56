import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, type Actor } from '../../contracts/audit-actor.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { executionHarness, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

const workflow = JSON.parse(readFileSync(join(import.meta.dirname, '../../../workflows/product-explanation-compliance.json'), 'utf8'));

/**
 * test_workflow_state on the shipped product-explanation workflow: a Task calls its real demo skill
 * (salesforce-integration over the in-process demo MCP server) through the run's invoker, and
 * nothing is written to the control plane; a workflow designer may test, a compliance manager
 * may not.
 */
describe('test_workflow_state (real Redis, demo skills, no workers)', { timeout: 60_000 }, () => {
  let h: ExecutionHarness;
  let services: ToolServices;
  const call = (args: Record<string, unknown>, actor: Actor = systemActor('test')) =>
    invokeTool(findTool('test_workflow_state')!, args, { actor, services }) as Promise<Record<string, any>>;

  beforeAll(async () => {
    h = await executionHarness({}, 0);
    services = { config: h.config, execution: async () => h.x };
  });
  afterAll(async () => h?.close());

  it('calls the bound demo skill with the effective input and applies ResultPath, writing nothing to Redis', async () => {
    const keysBefore = await h.x.redis.dbsize();
    const input = { start_date: '2024-01-01', end_date: '2024-12-31' };
    const r = await call({ workflow, state: 'GetApplicationIDs', input });
    expect(r).toMatchObject({
      status: 'ok',
      type: 'Task',
      effective_input: input,
      failure: null,
      next: 'GetCallRecordings',
      skill_call: { skill: 'skill://salesforce-integration@2.1.0', arguments: input },
      result: { ok: true, data: { ids: expect.any(Array) } },
    });
    expect(r.output).toEqual({ ...input, applications: r.result });
    expect(await h.x.redis.dbsize()).toBe(keysBefore);
  });

  it("reports the demo skill's own error and the absence of a catcher, and refuses a compliance manager", async () => {
    const r = await call({ workflow, state: 'GetApplicationIDs', input: { start_date: 'not a date', end_date: '2024-12-31' } });
    expect(r).toMatchObject({ status: 'ok', output: null, next: null, failure: { error: expect.any(String), catcher: null } });
    expect(r.failure.error).not.toBe('');
    const manager: Actor = { kind: 'user', id: 'u1', label: 'manager', role: 'compliance_manager' };
    expect(await call({ workflow, state: 'GetApplicationIDs', input: {} }, manager)).toMatchObject({
      status: 'error',
      error_code: 'forbidden',
    });
    expect(await call({ workflow, state: 'Nowhere', input: {} })).toMatchObject({ status: 'error', error_code: 'not_found' });
  });
});
