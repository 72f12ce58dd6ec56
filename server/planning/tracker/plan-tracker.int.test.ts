import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../../contracts/audit-actor.ts';
import { fail, ok } from '../../tool-result.ts';
import { createTestDatabase, testDbKind } from '../../testing/test-database.ts';
import { testConfig } from '../../testing/test-config.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { defineTool } from '../../tools/define-tool.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { findTool } from '../../tools/registry.ts';
import { processTracker } from '../process-tracker.ts';
import type { PlanView, ToolCallPlan } from '../../../lib/planning/schemas.ts';
import type { PlanTrackerService } from './plan-tracker.ts';

/**
 * The plan tracker on a real database, driven the way agents drive it: the planning tools and
 * other tools through `invokeTool`, as an agent. Tools made here stand for cheap registry tools
 * whose behaviour the test controls (a success, an expected failure, a throw) and count their runs.
 */
let runs = 0;
const lookup = defineTool({
  name: 'lookup_fact',
  description: 'test tool',
  readOnly: true,
  input: z.object({ q: z.string() }),
  output: z.object({ a: z.string() }),
  handler: async ({ q }) => {
    runs++;
    return q === 'missing' ? fail('not_found', 'no such fact') : ok({ a: q.toUpperCase() });
  },
});
const broken = defineTool({
  name: 'broken_tool',
  description: 'test tool',
  readOnly: true,
  input: z.object({}),
  output: z.object({}),
  handler: async () => {
    runs++;
    throw new Error('kaput');
  },
});

const agent = (id: string): Actor => ({ kind: 'agent', id, label: id });
const declare = findTool('declare_tool_call_plan')!;
const update = findTool('update_tool_call_plan')!;
const get = findTool('get_tool_call_plan')!;
type Change = {
  status: string;
  error_code?: string;
  plan: ToolCallPlan;
  ended: { findings: Array<{ type: string }> } | null;
};
type Viewed = PlanView & { status: string; error_code?: string };

describe(`plan tracker through the tool layer (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let tracker: PlanTrackerService;
  const config = testConfig({ DCF_TOOL_COSTS: '{"lookup_fact":2.5,"default":1}' });
  const services = (): ToolServices => ({ config, db: async () => h.db, planning: tracker });
  const call = (who: string, tool: typeof lookup | typeof broken | typeof declare, args: unknown) =>
    invokeTool(tool, args, { actor: agent(who), services: services() }) as Promise<Record<string, any>>;
  const plan = (who: string, extra: Record<string, unknown> = {}) =>
    call(who, declare, {
      goal: 'answer the question',
      plannedSequence: [{ toolName: 'lookup_fact', rationale: 'the fact answers it' }],
      unit: { kind: 'chat_turn', id: `msg-${who}`, session_id: `chat-${who}` },
      ...extra,
    }) as Promise<Change>;
  const view = async (who: string, planId?: string) => (await call(who, get, planId ? { plan_id: planId } : {})) as unknown as Viewed;

  beforeAll(async () => {
    h = await createTestDatabase();
    tracker = processTracker(config, {
      db: async () => h.db,
      onError: (err) => {
        throw err;
      },
    });
  });
  afterAll(async () => {
    await tracker.flush();
    await h.dispose();
  });

  it('declares a plan for an agent only, and answers unavailable without a tracker', async () => {
    const declared = await plan('agent-a');
    expect(declared.status).toBe('ok');
    expect(declared.plan).toMatchObject({
      executionState: 'Planned',
      agent_id: 'agent-a',
      mode: 'report',
      declared_by: 'agent',
      replaces: null,
      unit: { kind: 'chat_turn', session_id: 'chat-agent-a' },
    });
    expect(tracker.activePlanId('agent-a')).toBe(declared.plan.planId);
    const user: Actor = { kind: 'user', id: 'u-1', label: 'u@x.test', role: 'admin' };
    const asUser = await invokeTool(
      declare,
      { goal: 'g', plannedSequence: [{ toolName: 't', rationale: 'r' }], unit: { kind: 'chat_turn', id: 'm' } },
      { actor: user, services: services() },
    );
    expect(asUser).toMatchObject({ status: 'error', error_code: 'forbidden' });
    const bare = await invokeTool(
      declare,
      { goal: 'g', plannedSequence: [{ toolName: 't', rationale: 'r' }], unit: { kind: 'chat_turn', id: 'm' } },
      { actor: agent('agent-z'), services: { config } },
    );
    expect(bare).toMatchObject({ status: 'error', error_code: 'unavailable' });
    const invalid = await call('agent-z', declare, { goal: 'g', plannedSequence: [], unit: { kind: 'chat_turn', id: 'm' } });
    expect(invalid).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });

  it('attributes every call to the active plan: status, error code, cost units, model tokens', async () => {
    const { plan: p } = await plan('agent-b', {
      plannedSequence: [{ toolName: 'lookup_fact', rationale: 'first', fallbackOnFailure: { toolName: 'broken_tool', rationale: 'else' } }],
    });
    expect((await call('agent-b', lookup, { q: 'x' })).status).toBe('ok');
    expect((await call('agent-b', lookup, { q: 'missing' })).error_code).toBe('not_found');
    expect((await call('agent-b', broken, {})).error_code).toBe('internal_error');
    expect((await call('agent-b', lookup, { q: 3 })).error_code).toBe('invalid_input');
    tracker.recordModelUsage('agent-b', { prompt_tokens: 100, completion_tokens: 20 });
    // Another agent's calls, and a call of an agent with no plan, are not this plan's.
    await call('agent-nobody', lookup, { q: 'y' });
    const v = await view('agent-b');
    expect(v.status).toBe('ok');
    expect(v.plan.planId).toBe(p.planId);
    expect(v.plan.executionState).toBe('InProgress');
    expect(v.calls.map((c) => [c.seq, c.tool_name, c.status, c.error_code, c.cost_units, c.cost_source])).toEqual([
      [0, 'lookup_fact', 'ok', null, 2.5, 'tool'],
      [1, 'lookup_fact', 'error', 'not_found', 2.5, 'tool'],
      [2, 'broken_tool', 'error', 'internal_error', 1, 'tool'],
      [3, 'lookup_fact', 'error', 'invalid_input', 2.5, 'tool'],
      [4, 'model', 'ok', null, 120, 'model_tokens'],
    ]);
    expect(v.calls.every((c) => /^[0-9a-f]{64}$|^sha256:/.test(c.args_digest))).toBe(true);
    expect(v.calls[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(v.usage).toEqual({ tool_calls: 4, latency_ms: expect.any(Number), cost_units: 128.5, model_tokens: 120 });
    // The planning tools' own calls are bookkeeping, never attributed.
    expect(v.calls.some((c) => c.tool_name.endsWith('_tool_call_plan'))).toBe(false);
  });

  it('replans as a new plan linked to the old, which ends Replaced with its calls', async () => {
    const { plan: first } = await plan('agent-c');
    await call('agent-c', lookup, { q: 'a' });
    const noReason = await call('agent-c', update, {
      plan_id: first.planId,
      plannedSequence: [{ toolName: 'broken_tool', rationale: 'try it' }],
    });
    expect(noReason).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    const replanned = (await call('agent-c', update, {
      plan_id: first.planId,
      reason: 'the fact was not enough',
      plannedSequence: [{ toolName: 'broken_tool', rationale: 'try it' }],
      constraints: { maxToolCalls: 5 },
    })) as Change;
    expect(replanned.status).toBe('ok');
    expect(replanned.plan).toMatchObject({
      replaces: first.planId,
      replan_reason: 'the fact was not enough',
      executionState: 'Planned',
      planningContext: { goal: 'answer the question', constraints: { maxToolCalls: 5 } },
    });
    expect(tracker.activePlanId('agent-c')).toBe(replanned.plan.planId);
    const old = await view('agent-c', first.planId);
    expect(old.plan).toMatchObject({ executionState: 'Replaced', replaced_by: replanned.plan.planId });
    expect(old.plan.ended_at).not.toBeNull();
    expect(old.calls.map((c) => c.tool_name)).toEqual(['lookup_fact']);
    const stale = await call('agent-c', update, { plan_id: first.planId, execution_state: 'Complete' });
    expect(stale).toMatchObject({ status: 'error', error_code: 'conflict' });
    const notYours = await call('agent-b', update, { plan_id: replanned.plan.planId, execution_state: 'Complete' });
    expect(notYours).toMatchObject({ status: 'error', error_code: 'forbidden' });
  });

  it('ends a plan Complete with the end checks: a skipped intent is a finding, a followed plan has none', async () => {
    const { plan: p } = await plan('agent-d', {
      plannedSequence: [
        { toolName: 'lookup_fact', rationale: 'first' },
        { toolName: 'broken_tool', rationale: 'then' },
      ],
    });
    await call('agent-d', lookup, { q: 'a' });
    const ended = (await call('agent-d', update, { plan_id: p.planId, execution_state: 'Complete' })) as Change;
    expect(ended.status).toBe('ok');
    expect(ended.plan.executionState).toBe('Complete');
    expect(ended.ended!.findings.map((f) => f.type)).toEqual(['PlanDeviation']);
    expect(tracker.activePlanId('agent-d')).toBeNull();

    const { plan: q } = await plan('agent-d');
    await call('agent-d', lookup, { q: 'b' });
    const clean = (await call('agent-d', update, { plan_id: q.planId, execution_state: 'Failed' })) as Change;
    expect(clean.plan.executionState).toBe('Failed');
    expect(clean.ended!.findings).toEqual([]);
  });

  it('enforce mode refuses the call over budget without running it and records BudgetExceeded', async () => {
    const { plan: p } = await plan('agent-e', { mode: 'enforce', constraints: { maxToolCalls: 1 } });
    expect(p.mode).toBe('enforce');
    const before = runs;
    expect((await call('agent-e', lookup, { q: 'a' })).status).toBe('ok');
    const refused = await call('agent-e', lookup, { q: 'b' });
    expect(refused).toMatchObject({ status: 'error', error_code: 'budget_exceeded' });
    expect(refused.error).toMatch(/refused.*maxToolCalls is 1.*enforce mode/);
    expect(runs - before).toBe(1);
    const v = await view('agent-e');
    expect(v.calls.map((c) => c.status)).toEqual(['ok', 'refused']);
    expect(v.usage.tool_calls).toBe(1);
    expect(v.findings.map((f) => [f.type, f.when, f.detail])).toEqual([
      [
        'BudgetExceeded',
        'live',
        expect.objectContaining({ enforced: true, exceeded: { dimension: 'maxToolCalls', limit: 1, actual: 2, over: 1 } }),
      ],
    ]);
  });

  it('report mode lets the call over budget run and records the finding; within budget, none', async () => {
    const { plan: p } = await plan('agent-f', { constraints: { maxToolCalls: 1, maxCost: 100 } });
    const before = runs;
    await call('agent-f', lookup, { q: 'a' });
    expect((await call('agent-f', lookup, { q: 'b' })).status).toBe('ok');
    expect(runs - before).toBe(2);
    const v = await view('agent-f', p.planId);
    expect(v.calls.map((c) => c.status)).toEqual(['ok', 'ok']);
    expect(v.findings.map((f) => [f.type, f.detail])).toEqual([
      [
        'BudgetExceeded',
        expect.objectContaining({ enforced: false, exceeded: { dimension: 'maxToolCalls', limit: 1, actual: 2, over: 1 } }),
      ],
    ]);
    const { plan: q } = await plan('agent-f', { constraints: { maxToolCalls: 3, maxCost: 100 } });
    await call('agent-f', lookup, { q: 'c' });
    expect((await view('agent-f', q.planId)).findings).toEqual([]);
  });

  it("the deployment's enforce mode applies to a plan declared without a mode", async () => {
    const strictConfig = testConfig({ DCF_SENTINEL_MODE: 'enforce', DCF_TOOL_COSTS: '{"lookup_fact":2.5}' });
    const strict = processTracker(strictConfig, {
      db: async () => h.db,
      onError: (err) => {
        throw err;
      },
    });
    await strict.ready;
    const ctx = { actor: agent('agent-strict'), services: { config: strictConfig, db: async () => h.db, planning: strict } };
    const declareArgs = {
      goal: 'g',
      plannedSequence: [{ toolName: 'lookup_fact', rationale: 'r' }],
      unit: { kind: 'chat_turn', id: 'm-strict' },
      constraints: { maxCost: 2 },
    };
    try {
      const r = (await invokeTool(declare, declareArgs, ctx)) as unknown as Change;
      expect(r.plan.mode).toBe('enforce');
      const refused = await invokeTool(lookup, { q: 'a' }, ctx);
      expect(refused).toMatchObject({ status: 'error', error_code: 'budget_exceeded' });
      expect((refused as { error: string }).error).toMatch(/costs 2.5 units .* maxCost of 2/);
      // `mode: report` cannot lower the deployment's enforce.
      const lowered = await invokeTool(declare, { ...declareArgs, mode: 'report' }, ctx);
      expect(lowered).toMatchObject({ status: 'error', error_code: 'forbidden' });
    } finally {
      await strict.flush();
    }
  });

  it('picks active plans up again after a restart: counters, sequence and enforcement carry on', async () => {
    const { plan: p } = await plan('agent-g', { mode: 'enforce', constraints: { maxToolCalls: 2 } });
    await call('agent-g', lookup, { q: 'a' });
    await tracker.flush();
    const restarted = processTracker(config, {
      db: async () => h.db,
      onError: (err) => {
        throw err;
      },
    });
    await restarted.ready;
    expect(restarted.activePlanId('agent-g')).toBe(p.planId);
    const ctx = { actor: agent('agent-g'), services: { config, db: async () => h.db, planning: restarted } };
    expect((await invokeTool(lookup, { q: 'b' }, ctx)).status).toBe('ok');
    expect(await invokeTool(lookup, { q: 'c' }, ctx)).toMatchObject({ error_code: 'budget_exceeded' });
    const v = (await invokeTool(get, {}, ctx)) as unknown as Viewed;
    expect(v.calls.map((c) => [c.seq, c.status])).toEqual([
      [0, 'ok'],
      [1, 'ok'],
      [2, 'refused'],
    ]);
    await restarted.flush();
  });
});
