import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { executionHarness, task, workflowOf } from '../../execution/testing/harness.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { setDemoFaultsTool } from '../../tools/skills/set-demo-faults.ts';
import { createTestDatabase, PROJECT_ROOT } from '../../testing/test-database.ts';
import { deterministicBrains } from '../brains/select.ts';
import type { AgentEvent } from '../../contracts/agent-platform.ts';
import { PlatformWorkerRuntime } from '../platform/platform-workers.ts';
import { LocalAgentPlatform } from './local-platform.ts';
import { eventually } from './testing/platform-harness.ts';
import { DEMO_WORLD } from '../../skills/demo/worlds/index.ts';

type Turn = { state: string; events: AgentEvent[] };

/**
 * A real execution runtime whose Task states are served by agents of the local platform made
 * from worker.af, thinking with the deterministic worker brain (DCF_WORKER_AGENTS=platform).
 */
async function platformWorkers(env: Record<string, string> = {}) {
  const h = await executionHarness(env);
  const db = await createTestDatabase();
  const platform = new LocalAgentPlatform({
    db: db.db,
    toolServices: { config: h.config, execution: async () => h.x, db: async () => db.db },
    brains: deterministicBrains(),
  });
  const turns: Turn[] = [];
  h.x.agents = new PlatformWorkerRuntime(platform, (agent, events) => turns.push({ state: agent.state, events }));
  return {
    h,
    platform,
    turns,
    async close() {
      await h.close();
      await platform.close();
      await db.dispose();
    },
  };
}

const calls = (events: AgentEvent[]) => events.flatMap((e) => (e.message_type === 'tool_call_message' ? [e.tool_call.name] : []));
const returns = (events: AgentEvent[]) => events.flatMap((e) => (e.message_type === 'tool_return_message' ? [e] : []));

describe('the deterministic worker brain runs a workflow through the local runtime (real Redis, real tools)', () => {
  let w: Awaited<ReturnType<typeof platformWorkers>>;
  beforeAll(async () => {
    w = await platformWorkers();
  });
  afterAll(() => w.close());

  it('leases, invokes, writes the data plane and notifies downstream; a skill with no alternative is reported so Catch applies', async () => {
    const wf = workflowOf({
      StartAt: 'Greet',
      States: {
        Greet: task('echo', { Parameters: { 'message.$': '$.name' }, ResultPath: '$.greet', Next: 'Flaky' }),
        Flaky: task('fail', {
          Parameters: { error: 'Flaky', cause: 'backend down' },
          Catch: [{ ErrorEquals: ['Flaky'], ResultPath: '$.caught', Next: 'Recovered' }],
          Next: 'Recovered',
        }),
        Recovered: { Type: 'Pass', End: true },
      },
    });
    const run = await w.h.run(wf, { name: 'Alex' });
    expect(run).toMatchObject({ status: 'SUCCEEDED', error: null });
    expect(run.output).toMatchObject({ name: 'Alex', greet: { message: 'Alex' }, caught: { Error: 'Flaky', Cause: 'backend down' } });

    const view = await w.h.finalized(run.run_id);
    expect(view.states.Greet).toMatchObject({ status: 'done', attempts: 1, lease: { token: null } });
    // builtin.fail's capability (`fault`) has no other skill in the catalog: nothing to swap to.
    expect(view.states.Flaky).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Flaky: backend down' });
    expect(view.events.filter((e) => e.event.type === 'skill_swap')).toEqual([]);

    // The last worker's turn may still be writing its summary when the run is reported finished.
    await eventually(async () => w.turns.length === 2);
    const greet = w.turns.find((t) => t.state === 'Greet')!.events;
    expect(calls(greet)).toEqual([
      'acquire_state_lease',
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
      'notify_next_worker_agent',
    ]);
    expect(returns(greet).every((e) => e.status === 'success')).toBe(true);
    expect(greet.find((e) => e.message_type === 'assistant_message')).toMatchObject({
      content: 'Greet done with skill://builtin.echo@1.0.0 (attempt 1). Notified: Flaky.',
    });

    const flaky = w.turns.find((t) => t.state === 'Flaky')!.events;
    expect(calls(flaky).slice(0, 6)).toEqual([
      'acquire_state_lease',
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
      'update_workflow_control_plane',
      'notify_next_worker_agent',
    ]);
    const r = returns(flaky).map((e) => JSON.parse(e.tool_return));
    expect(r[2]).toMatchObject({ status: 'ok', ok: false, skill_error: { error: 'Flaky', cause: 'backend down' } });
    expect(r[3]).toMatchObject({ status: 'ok', queued: [], next_skill: null, attempts: 1 });
    expect(r[4]).toMatchObject({ status: 'ok', queued: [{ state: 'Recovered' }] });
  });
});

describe(
  'scenario 3 with platform workers (spec §4.1–4.2): whisper times out, the worker agent swaps to AssemblyAI',
  { timeout: 120_000 },
  () => {
    let w: Awaited<ReturnType<typeof platformWorkers>>;
    const setFaults = (faults: Record<string, unknown>) =>
      invokeTool(setDemoFaultsTool, { faults, replace: true }, { actor: systemActor('test'), services: { config: w.h.config } });
    beforeAll(async () => {
      // Agents take a turn of several tool calls per state: a lease of 30 s outlives a slow machine's turn.
      w = await platformWorkers({ DCF_SKILL_TIMEOUT_S: '1', DCF_LEASE_TTL_S: '30' });
      expect(await setFaults({ 'whisper-transcribe': { timeout_rate: 1 } })).toMatchObject({ status: 'ok' });
    });
    afterAll(async () => {
      await setFaults({});
      await w.close();
    });

    it("the run completes; TranscribeRecording is done with attempts 2, keeps last_error, and the swap is the policy's", async () => {
      const workflow = JSON.parse(
        await readFile(path.join(PROJECT_ROOT, 'workflows', 'standard-advice-call-analysis.json'), 'utf8'),
      ) as unknown;
      const run = await w.h.run(
        workflow,
        { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId },
        100_000,
      );
      expect(run.status).toBe('SUCCEEDED');
      const view = await w.h.finalized(run.run_id);
      expect(view.states.TranscribeRecording).toEqual({
        status: 'done',
        attempts: 2,
        lease: { token: null, owner_agent_id: null, ts: null, ttl_s: null },
        started_at: expect.any(String),
        finished_at: expect.any(String),
        last_error: 'TimeoutError: Tool call to whisper-transcribe timed out after 1s',
      });
      expect(view.entries.TranscribeRecording!.skill).toBe('skill://assemblyai-transcribe@1.2.0');
      const swaps = view.events.filter((e) => e.event.type === 'skill_swap').map((e) => e.event);
      expect(swaps).toEqual([
        expect.objectContaining({
          instance: 'TranscribeRecording',
          from: 'skill://whisper-transcribe@1.0.0',
          to: 'skill://assemblyai-transcribe@1.2.0',
          reason: 'TimeoutError: Tool call to whisper-transcribe timed out after 1s',
          policy: 'ThompsonSampling',
          rationale: expect.stringContaining('assemblyai-transcribe'),
        }),
      ]);
      expect(view.data.TranscribeRecording).toMatchObject({
        ok: true,
        data: { job_id: expect.any(String) },
        metrics: { skill: 'skill://assemblyai-transcribe@1.2.0' },
      });

      await eventually(async () => w.turns.some((t) => t.state === 'TranscribeRecording'));
      const turn = w.turns.find((t) => t.state === 'TranscribeRecording')!.events;
      expect(calls(turn)).toEqual([
        'acquire_state_lease',
        'load_skill',
        'invoke_skill_tool',
        'update_workflow_control_plane',
        'unload_skill',
        'load_skill',
        'invoke_skill_tool',
        'update_workflow_control_plane',
        'notify_next_worker_agent',
      ]);
      const r = returns(turn).map((e) => JSON.parse(e.tool_return));
      expect(r[2]).toMatchObject({ ok: false, skill_error: { error: 'TimeoutError' }, tool: 'transcribe_audio' });
      expect(r[3]).toMatchObject({
        status: 'ok',
        next_skill: 'skill://assemblyai-transcribe@1.2.0',
        attempts: 2,
        rationale: expect.stringContaining('assemblyai-transcribe'),
      });
      // AssemblyAI requires webhook_url, which the state's Parameters do not give: the run's own is filled in.
      expect(r[6]).toMatchObject({ ok: true, tool: 'transcribe_audio_async', filled_arguments: ['webhook_url'] });
      expect(turn.find((e) => e.message_type === 'assistant_message')).toMatchObject({
        content: 'TranscribeRecording done with skill://assemblyai-transcribe@1.2.0 (attempt 2). Notified: ParallelAnalysis.',
      });
    });
  },
);
