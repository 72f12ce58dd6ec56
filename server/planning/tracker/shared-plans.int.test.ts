import type { RedisClient } from '../../redis/connection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from '../../contracts/audit-actor.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { createRedis } from '../../redis/client.ts';
import { singleRedis } from '../../config-redis.ts';
import { createTestDatabase, isolatedRedisUrl, testDbKind } from '../../testing/test-database.ts';
import { testConfig } from '../../testing/test-config.ts';
import { ok } from '../../tool-result.ts';
import { defineTool } from '../../tools/define-tool.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { findTool } from '../../tools/registry.ts';
import type { PlanView, ToolCallPlan } from '../../../lib/planning/schemas.ts';
import { PlanTrackerService } from './plan-tracker.ts';
import { planUsageKey } from './shared-usage.ts';

/**
 * Issue 32: several consoles on one database and one Redis. Each "console" here is a tracker of
 * its own with its own Redis connection (nothing shared in memory but the database handle, which
 * stands for one PostgreSQL); calls go through `invokeTool` as the agent, the way MCP and the
 * local runtime make them.
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
    return ok({ a: q.toUpperCase() });
  },
});
const other = defineTool({
  name: 'other_fact',
  description: 'test tool',
  readOnly: true,
  input: z.object({}),
  output: z.object({ done: z.boolean() }),
  handler: async () => {
    runs++;
    return ok({ done: true });
  },
});
const declare = findTool('declare_tool_call_plan')!;
const update = findTool('update_tool_call_plan')!;
const get = findTool('get_tool_call_plan')!;
const agent = (id: string): Actor => ({ kind: 'agent', id, label: id });
type Change = { status: string; error_code?: string; plan: ToolCallPlan; ended: { findings: Array<{ type: string }> } | null };
/** Scripts (EVAL or EVALSHA) a console's connection sends, counted where every command of it passes. */
function countScripts(client: RedisClient): { n: number } {
  const counted = { n: 0 };
  const sending = client as unknown as { sendCommand: (command: { name: string }, ...rest: unknown[]) => unknown };
  const send = sending.sendCommand.bind(client);
  sending.sendCommand = (command, ...rest) => {
    if (command.name.startsWith('eval')) counted.n++;
    return send(command, ...rest);
  };
  return counted;
}
type Viewed = PlanView & { status: string };

describe(`plan tracker shared by two consoles through Redis (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;
  const clients: RedisClient[] = [];
  const trackers: PlanTrackerService[] = [];
  const config = testConfig({ DCF_TOOL_COSTS: '{"lookup_fact":2,"default":1}' });

  /** A console: a tracker with a Redis connection of its own, on the one database. */
  async function console_(): Promise<PlanTrackerService> {
    const redis = createRedis(singleRedis(url));
    clients.push(redis);
    const t = new PlanTrackerService({
      db: async () => h.db,
      redis: async () => redis,
      toolCosts: config.planning.toolCosts,
      deploymentMode: 'report',
      flushDelayMs: 10,
      settleMs: 3_000,
      onError: (err) => {
        throw err;
      },
    });
    trackers.push(t);
    await t.ready;
    return t;
  }
  const services = (t: PlanTrackerService): ToolServices => ({ config, db: async () => h.db, planning: t });
  const call = (t: PlanTrackerService, who: string, tool: typeof lookup | typeof other | typeof declare, args: unknown) =>
    invokeTool(tool, args, { actor: agent(who), services: services(t) }) as Promise<Record<string, any>>;
  const plan = (t: PlanTrackerService, who: string, extra: Record<string, unknown> = {}) =>
    call(t, who, declare, {
      goal: 'answer the question',
      plannedSequence: [{ toolName: 'lookup_fact', rationale: 'the fact answers it' }],
      unit: { kind: 'chat_turn', id: `msg-${who}`, session_id: `chat-${who}` },
      ...extra,
    }) as Promise<Change>;
  const view = async (t: PlanTrackerService, who: string, planId: string) =>
    (await call(t, who, get, { plan_id: planId })) as unknown as Viewed;

  beforeAll(async () => {
    h = await createTestDatabase();
    url = await isolatedRedisUrl();
  });
  afterAll(async () => {
    for (const t of trackers) await t.close();
    for (const r of clients) r.disconnect();
    await h.dispose();
  });

  it('attributes the calls made through another console to the plan, each with its own seq', async () => {
    const [a, b] = [await console_(), await console_()];
    const { plan: p } = await plan(a, 'agent-1');
    expect(await b.activePlanId('agent-1')).toBe(p.planId);
    await Promise.all([call(a, 'agent-1', lookup, { q: 'a' }), call(b, 'agent-1', lookup, { q: 'b' }), call(b, 'agent-1', other, {})]);
    await call(a, 'agent-1', other, {});
    await Promise.all([a.flush(), b.flush()]);
    const v = await view(a, 'agent-1', p.planId);
    expect(v.calls.map((c) => c.seq)).toEqual([0, 1, 2, 3]);
    expect(v.calls.map((c) => c.tool_name).sort()).toEqual(['lookup_fact', 'lookup_fact', 'other_fact', 'other_fact']);
    expect(v.usage).toMatchObject({ tool_calls: 4, cost_units: 6 });
    expect(v.plan.executionState).toBe('InProgress');
  });

  it('enforce mode lets exactly maxToolCalls calls through when two consoles race at the limit', async () => {
    const [a, b] = [await console_(), await console_()];
    await plan(a, 'agent-2', { mode: 'enforce', constraints: { maxToolCalls: 5 } });
    const before = runs;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call(i % 2 ? b : a, 'agent-2', lookup, { q: String(i) })));
    expect(runs - before).toBe(5);
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r.error_code === 'budget_exceeded')).toHaveLength(7);
    await Promise.all([a.flush(), b.flush()]);
    const v = await view(b, 'agent-2', results.find((r) => r.details?.plan_id)!.details.plan_id);
    expect(v.calls.map((c) => c.seq)).toEqual([...Array(12).keys()]);
    expect(v.calls.filter((c) => c.status === 'refused')).toHaveLength(7);
  });

  it('a maxCost budget is counted across consoles too', async () => {
    const [a, b] = [await console_(), await console_()];
    await plan(b, 'agent-3', { mode: 'enforce', constraints: { maxCost: 5 } });
    expect((await call(a, 'agent-3', lookup, { q: 'x' })).status).toBe('ok');
    expect((await call(b, 'agent-3', lookup, { q: 'y' })).status).toBe('ok');
    const refused = await call(a, 'agent-3', lookup, { q: 'z' });
    expect(refused).toMatchObject({ error_code: 'budget_exceeded' });
    expect(refused.error).toMatch(/costs 2 units and the plan has used 4 of its maxCost of 5/);
    expect((await call(b, 'agent-3', other, {})).status).toBe('ok');
  });

  it('a plan ended or replaced on one console is no longer used by the other', async () => {
    const [a, b] = [await console_(), await console_()];
    const { plan: first } = await plan(a, 'agent-4');
    await call(b, 'agent-4', lookup, { q: 'b' });
    const replanned = (await call(a, 'agent-4', update, {
      plan_id: first.planId,
      reason: 'more to do',
      plannedSequence: [{ toolName: 'other_fact', rationale: 'next' }],
    })) as Change;
    expect(replanned.status).toBe('ok');
    await call(b, 'agent-4', other, {});
    const ended = (await call(a, 'agent-4', update, { plan_id: replanned.plan.planId, execution_state: 'Complete' })) as Change;
    expect(ended.status).toBe('ok');
    // The end checks saw the call B made: the plan's one intent was carried out, nothing skipped.
    expect(ended.ended!.findings.map((f) => f.type)).toEqual([]);
    expect(await b.activePlanId('agent-4')).toBeNull();
    await call(b, 'agent-4', lookup, { q: 'after' });
    await b.flush();
    expect((await view(b, 'agent-4', first.planId)).calls.map((c) => c.tool_name)).toEqual(['lookup_fact']);
    expect((await view(b, 'agent-4', replanned.plan.planId)).calls.map((c) => c.tool_name)).toEqual(['other_fact']);
    // B cannot end it again either: it is no longer active anywhere.
    const stale = await call(b, 'agent-4', update, { plan_id: replanned.plan.planId, execution_state: 'Failed' });
    expect(stale).toMatchObject({ error_code: 'conflict' });
  });

  it('a declaration on one console ends the plan the agent had on the other, with its calls', async () => {
    const [a, b] = [await console_(), await console_()];
    const { plan: first } = await plan(a, 'agent-5', {
      plannedSequence: [
        { toolName: 'lookup_fact', rationale: 'first' },
        { toolName: 'other_fact', rationale: 'then' },
      ],
    });
    await call(a, 'agent-5', lookup, { q: 'a' });
    await call(a, 'agent-5', other, {});
    await a.flush();
    const second = await plan(b, 'agent-5');
    expect(second.ended).toMatchObject({ plan_id: first.planId, execution_state: 'Complete', findings: [] });
    expect(await a.activePlanId('agent-5')).toBe(second.plan.planId);
    await call(a, 'agent-5', lookup, { q: 'b' });
    await a.flush();
    expect((await view(a, 'agent-5', second.plan.planId)).calls.map((c) => c.seq)).toEqual([0]);
  });

  it('a restarted console carries on counting, also when Redis lost the counters', async () => {
    const a = await console_();
    const { plan: p } = await plan(a, 'agent-6', { mode: 'enforce', constraints: { maxToolCalls: 3 } });
    await call(a, 'agent-6', lookup, { q: 'a' });
    await a.flush();
    const restarted = await console_();
    expect((await call(restarted, 'agent-6', lookup, { q: 'b' })).status).toBe('ok');
    await restarted.flush();
    // Redis restarted without its data: a console started after it puts the plan back from the store.
    await clients[0]!.del(planUsageKey('agent-6'));
    const again = await console_();
    expect((await call(again, 'agent-6', lookup, { q: 'c' })).status).toBe('ok');
    expect(await call(again, 'agent-6', lookup, { q: 'd' })).toMatchObject({ error_code: 'budget_exceeded' });
    await again.flush();
    const v = await view(again, 'agent-6', p.planId);
    expect(v.calls.map((c) => [c.seq, c.status])).toEqual([
      [0, 'ok'],
      [1, 'ok'],
      [2, 'ok'],
      [3, 'refused'],
    ]);
  });

  it('an agent without a plan is answered from Redis alone, and its calls are recorded nowhere', async () => {
    const a = await console_();
    expect(await a.begin(agent('agent-none'), 'lookup_fact', { q: 'x' })).toBeNull();
    expect(await a.activePlanId('agent-none')).toBeNull();
    expect(await clients.at(-1)!.exists(planUsageKey('agent-none'))).toBe(0);
  });

  it('remembers an agent without a plan: no round trip per call, until another console declares one for it', async () => {
    const a = await console_();
    const b = await console_();
    const scripts = countScripts(clients.at(-1)!);
    // The first calls ask Redis (B starts listening for activations); once it listens, none does.
    await expect
      .poll(async () => {
        const before = scripts.n;
        await call(b, 'agent-8', lookup, { q: 'x' });
        return scripts.n - before;
      })
      .toBe(0);
    const quiet = scripts.n;
    for (let i = 0; i < 5; i++) await call(b, 'agent-8', other, {});
    expect(scripts.n).toBe(quiet);
    const { plan: p } = await plan(a, 'agent-8');
    // A's activation is announced to B, which then charges the agent's calls to the plan again.
    await expect
      .poll(async () => {
        await call(b, 'agent-8', lookup, { q: 'planned' });
        await b.flush();
        return (await view(a, 'agent-8', p.planId)).calls.length;
      })
      .toBeGreaterThan(0);
    expect(scripts.n).toBeGreaterThan(quiet);
    expect(await b.begin(agent('agent-8'), 'other_fact', {})).toMatchObject({ planId: p.planId });
  });

  it('a plan its process holds (a worker under its lease) is counted, budgeted and numbered there, no round trip a call', async () => {
    const [a, b] = [await console_(), await console_()];
    const scripts = countScripts(clients.at(-2)!);
    const held = (who: string, tool: typeof lookup | typeof other | typeof declare | typeof update, args: unknown) =>
      invokeTool(tool, args, { actor: agent(who), services: services(a), plansHeld: true }) as Promise<Record<string, any>>;
    const { plan: p } = (await held('agent-9', declare, {
      goal: 'do the state',
      plannedSequence: [{ toolName: 'lookup_fact', rationale: 'the fact answers it' }],
      unit: { kind: 'workflow_run', id: 'run-9', session_id: 'run-9', state: 'S' },
      mode: 'enforce',
      constraints: { maxToolCalls: 2 },
    })) as Change;
    const declared = scripts.n;
    const before = runs;
    expect((await held('agent-9', lookup, { q: 'a' })).status).toBe('ok');
    expect((await held('agent-9', other, {})).status).toBe('ok');
    expect(await held('agent-9', lookup, { q: 'b' })).toMatchObject({ error_code: 'budget_exceeded' });
    expect(runs - before).toBe(2);
    expect(scripts.n).toBe(declared);
    // Any other process's call as the agent is refused, never numbered beside the holder's.
    const elsewhere = await call(b, 'agent-9', lookup, { q: 'c' });
    expect(elsewhere).toMatchObject({ error_code: 'conflict' });
    expect(elsewhere.error).toMatch(/held by the worker running its Task/);
    expect(runs - before).toBe(2);
    const ended = (await held('agent-9', update, { plan_id: p.planId, execution_state: 'Complete' })) as Change;
    expect(ended).toMatchObject({ status: 'ok', plan: { executionState: 'Complete' } });
    const v = await view(b, 'agent-9', p.planId);
    expect(v.calls.map((c) => [c.seq, c.tool_name, c.status])).toEqual([
      [0, 'lookup_fact', 'ok'],
      [1, 'other_fact', 'ok'],
      [2, 'lookup_fact', 'refused'],
    ]);
    expect(v.usage).toMatchObject({ tool_calls: 2, cost_units: 3 });
    expect(await b.activePlanId('agent-9')).toBeNull();
    // Ended, the agent's calls are no one's plan's on either process.
    expect(await a.begin(agent('agent-9'), 'lookup_fact', { q: 'd' })).toBeNull();
  });

  it('refuses a call unavailable, not unbudgeted, when Redis cannot be reached', async () => {
    const dead = createRedis(singleRedis('redis://127.0.0.1:1/0'));
    clients.push(dead);
    const errors: unknown[] = [];
    const t = new PlanTrackerService({
      db: async () => h.db,
      redis: async () => dead,
      toolCosts: {},
      deploymentMode: 'report',
      onError: (err) => void errors.push(err),
    });
    trackers.push(t);
    const r = await t.begin(agent('agent-7'), 'lookup_fact', { q: 'x' });
    expect(r).toMatchObject({ refused: { status: 'error', error_code: 'unavailable' } });
    expect(errors.length).toBeGreaterThan(0);
  });
});
