import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionHarness, task, workflowOf, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { deterministicBrains } from '../brains/select.ts';
import type { AgentEvent } from '../platform/agent-platform.ts';
import { PlatformWorkerRuntime } from '../platform/platform-workers.ts';
import { LocalAgentPlatform } from './local-platform.ts';
import { eventually } from './testing/platform-harness.ts';

describe('the deterministic worker brain runs a workflow through the local runtime (real Redis, real tools)', () => {
  let h: ExecutionHarness;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let platform: LocalAgentPlatform;
  let workers: PlatformWorkerRuntime;
  const turns: Array<{ state: string; events: AgentEvent[] }> = [];

  beforeAll(async () => {
    h = await executionHarness();
    db = await createTestDatabase();
    platform = new LocalAgentPlatform({ db: db.db, toolServices: { config: h.config, execution: async () => h.x, db: async () => db.db }, brains: deterministicBrains() });
    workers = new PlatformWorkerRuntime(platform, (agent, events) => turns.push({ state: agent.state, events }));
    h.x.agents = workers;
  });
  afterAll(async () => {
    await h.close();
    await platform.close();
    await db.dispose();
  });

  it('leases, invokes, swaps a failing skill for the other bound one, writes the data plane and notifies downstream', async () => {
    const flaky = task('fail', { Parameters: { error: 'Flaky', cause: 'backend down', message: 'second', 'who.$': '$.greet.message' }, ResultPath: '$.flaky', End: true });
    (flaky.AgentBinding as { skills: string[] }).skills.push('skill://builtin.echo@1.0.0');
    const wf = workflowOf({ StartAt: 'Greet', States: { Greet: task('echo', { Parameters: { 'message.$': '$.name' }, ResultPath: '$.greet', Next: 'Flaky' }), Flaky: flaky } });
    (wf.skill_imports as Array<{ uri: string }>).push({ uri: 'file://skills/builtin.echo.json' });
    wf.skill_imports = [...new Map((wf.skill_imports as Array<{ uri: string }>).map((s) => [s.uri, s])).values()];

    const run = await h.run(wf, { name: 'Alex' });
    expect(run).toMatchObject({ status: 'SUCCEEDED', error: null });
    expect(run.output).toMatchObject({ name: 'Alex', greet: { message: 'Alex' }, flaky: { error: 'Flaky', cause: 'backend down', message: 'second', who: 'Alex' } });

    const view = await h.finalized(run.run_id);
    expect(view.states.Greet).toMatchObject({ status: 'done', attempts: 1, lease: { token: null } });
    expect(view.states.Flaky).toMatchObject({ status: 'done', attempts: 2, last_error: 'Flaky: backend down' });

    // The last worker's turn may still be writing its summary when the run is reported finished.
    await eventually(async () => turns.length === 2);
    const greet = turns.find((t) => t.state === 'Greet')!.events;
    const calls = (events: AgentEvent[]) => events.flatMap((e) => (e.message_type === 'tool_call_message' ? [e.tool_call.name] : []));
    expect(calls(greet)).toEqual(['acquire_state_lease', 'load_skill', 'invoke_skill_tool', 'update_workflow_control_plane', 'notify_next_worker_agent']);
    expect(greet.filter((e) => e.message_type === 'tool_return_message').every((e) => e.status === 'success')).toBe(true);
    expect(greet.find((e) => e.message_type === 'assistant_message')).toMatchObject({ content: 'Greet done with skill://builtin.echo@1.0.0 (attempt 1). Notified: Flaky.' });

    const swap = turns.find((t) => t.state === 'Flaky')!.events;
    expect(calls(swap)).toEqual(['acquire_state_lease', 'load_skill', 'invoke_skill_tool', 'update_workflow_control_plane', 'unload_skill', 'load_skill', 'invoke_skill_tool', 'update_workflow_control_plane']);
    const returns = swap.filter((e) => e.message_type === 'tool_return_message');
    expect(returns.map((e) => e.status)).toEqual(Array(8).fill('success'));
    expect(JSON.parse(returns[2]!.tool_return)).toMatchObject({ status: 'ok', ok: false, skill_error: { error: 'Flaky', cause: 'backend down' } });
    // Its update finished the run, and finalize_workflow (run inside that update) deleted the
    // run's workers — this one included — so its turn ends there, cancelled, without a summary.
    expect(swap.slice(-3).map((e) => e.message_type)).toEqual(['tool_return_message', 'usage_statistics', 'stop_reason']);
    expect(swap.at(-1)).toEqual({ message_type: 'stop_reason', stop_reason: 'cancelled' });
    expect(await platform.listAgents({ tags: [`run:${run.run_id}`] })).toEqual([]);
  });
});
