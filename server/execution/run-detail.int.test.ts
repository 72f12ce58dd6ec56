import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { invokeTool } from '../tools/invoke.ts';
import { getWorkflowRunTool } from '../tools/runtime/get-workflow-run.ts';
import { setDemoFaultsTool } from '../tools/skills/set-demo-faults.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';
import { runKeys } from '../controlplane/keys.ts';
import type { InstanceDetail } from './run-detail.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

type Detailed = {
  status: string;
  run: Record<string, unknown>;
  workflow?: unknown;
  instances?: Record<string, InstanceDetail>;
  events: unknown[];
};

describe('get_workflow_run with include_workflow and include_instances (the run view)', { timeout: 60_000 }, () => {
  let h: ExecutionHarness;
  const ctx = () => ({ actor: systemActor('test'), services: { config: h.config, execution: async () => h.x } });
  const get = (runId: string, extra: Record<string, unknown> = { include_workflow: true, include_instances: true }) =>
    invokeTool(getWorkflowRunTool, { run_id: runId, ...extra }, ctx()) as Promise<Detailed>;
  beforeAll(async () => {
    h = await executionHarness();
  });
  afterAll(async () => {
    await invokeTool(setDemoFaultsTool, { faults: {}, replace: true }, ctx());
    await h.close();
  });

  it('gives each instance its effective input (after InputPath → Parameters), output, envelope, skill, timings and events', async () => {
    const wf = workflowOf({
      StartAt: 'Shape',
      States: {
        Shape: {
          Type: 'Pass',
          InputPath: '$.order',
          Parameters: { 'id.$': '$.id', 'lines.$': '$.lines' },
          ResultPath: '$.shaped',
          Next: 'Echo',
        },
        Echo: task('echo', {
          InputPath: '$.shaped',
          Parameters: { 'n.$': 'States.ArrayLength($.lines)' },
          ResultPath: '$.echoed',
          Next: 'Fan',
        }),
        Fan: {
          Type: 'Parallel',
          Parameters: { 'id.$': '$.shaped.id' },
          ResultPath: '$.fan',
          Next: 'Each',
          Branches: [
            { StartAt: 'Left', States: { Left: { Type: 'Pass', End: true } } },
            { StartAt: 'Right', States: { Right: { Type: 'Pass', Result: 'r', End: true } } },
          ],
        },
        Each: {
          Type: 'Map',
          ItemsPath: '$.shaped.lines',
          ItemSelector: { 'line.$': '$$.Map.Item.Value' },
          MaxConcurrency: 1,
          ResultPath: '$.each',
          End: true,
          ItemProcessor: { StartAt: 'Line', States: { Line: task('echo', { End: true }) } },
        },
      },
    });
    const run = await h.run(wf, { order: { id: 7, lines: ['a', 'b'] } });
    expect(run.status).toBe('SUCCEEDED');
    await h.finalized(run.run_id);
    const r = await get(run.run_id);
    expect(r).toMatchObject({ status: 'ok', workflow: wf });
    const i = r.instances!;
    expect(Object.keys(i).sort()).toEqual(['Each', 'Each[0]/Line', 'Each[1]/Line', 'Echo', 'Fan', 'Left', 'Right', 'Shape']);
    expect(i.Shape).toMatchObject({
      type: 'Pass',
      status: 'done',
      input: { order: { id: 7, lines: ['a', 'b'] } },
      effective_input: { id: 7, lines: ['a', 'b'] },
      skill: null,
      parent: null,
    });
    expect(i.Echo).toMatchObject({
      type: 'Task',
      status: 'done',
      attempts: 1,
      effective_input: { n: 2 },
      output: expect.objectContaining({ echoed: { n: 2 } }),
      data: { ok: true, data: { n: 2 }, metrics: expect.objectContaining({ skill: 'skill://builtin.echo@1.0.0' }) },
      skill: { bound: ['skill://builtin.echo@1.0.0'], used: 'skill://builtin.echo@1.0.0', swaps: [] },
      lease: null,
      retry_counts: [],
      entered_at: expect.any(String),
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
    expect(Date.parse(i.Echo!.entered_at!)).toBeLessThanOrEqual(Date.parse(i.Echo!.started_at!));
    expect(Date.parse(i.Echo!.started_at!)).toBeLessThanOrEqual(Date.parse(i.Echo!.finished_at!));
    expect(i.Echo!.events.map((e) => e.event.note)).toEqual(['created', 'entered', 'lease_acquired', 'done']);
    expect(i.Fan).toMatchObject({ type: 'Parallel', effective_input: { id: 7 }, branches: { total: 2, started: 2, done: 2, failed: 0 } });
    expect(i.Left).toMatchObject({ parent: { instance: 'Fan', index: 0 }, output: { id: 7 } });
    expect(i.Each).toMatchObject({
      type: 'Map',
      effective_input: expect.objectContaining({ shaped: { id: 7, lines: ['a', 'b'] } }),
      branches: { total: 2, started: 2, done: 2, failed: 0 },
    });
    expect(i['Each[1]/Line']).toMatchObject({
      state: 'Line',
      parent: { instance: 'Each', index: 1 },
      input: { line: 'b' },
      effective_input: { line: 'b' },
      output: { line: 'b' },
    });
  });

  it('keeps its former answer without the options, and shows a live lease with its expiry', async () => {
    const runId = await h.start(
      workflowOf({ StartAt: 'Nap', States: { Nap: task('sleep', { Parameters: { ms: 1500 }, End: true }) } }),
      {},
    );
    for (let n = 0; n < 100 && (await h.x.cp.readState(runId, 'Nap'))?.status !== 'running'; n++)
      await new Promise((res) => setTimeout(res, 20));
    const plain = await get(runId, {});
    expect(plain).not.toHaveProperty('workflow');
    expect(plain).not.toHaveProperty('instances');
    const live = (await get(runId)).instances!.Nap!;
    expect(live).toMatchObject({
      status: 'running',
      effective_input: { ms: 1500 },
      output: null,
      data: null,
      lease: { owner: expect.stringMatching(/^agent-worker-/), ttl_s: 5, ts: expect.any(String), expires_at: expect.any(String) },
    });
    // The expiry shown is the one the sweeper goes by (the lease-expiry set, by the Redis clock), and it is live by that clock.
    const score = await h.x.redis.zscore(runKeys(runId).leaseExpiry, 'Nap');
    expect(live.lease!.expires_at).toBe(new Date(Number(score)).toISOString());
    expect(await h.x.cp.expiredLeases(runId)).not.toContain('Nap');
  });

  it('shows the skill swap of a Task (scenario 3) and the skill that then ran', async () => {
    expect(
      await invokeTool(setDemoFaultsTool, { faults: { 'whisper-transcribe': { failure_rate: 1 } }, replace: true }, ctx()),
    ).toMatchObject({ status: 'ok' });
    const { readFile } = await import('node:fs/promises');
    const wf = JSON.parse(
      await readFile(new URL('../../workflows/standard-advice-call-analysis.json', import.meta.url), 'utf8'),
    ) as unknown;
    const run = await h.run(
      wf,
      { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId },
      60_000,
    );
    expect(run.status).toBe('SUCCEEDED');
    const t = (await get(run.run_id)).instances!.TranscribeRecording!;
    expect(t).toMatchObject({
      status: 'done',
      attempts: 2,
      last_error: expect.stringContaining('SkillError'),
      skill: {
        bound: ['skill://whisper-transcribe@1.0.0'],
        used: 'skill://assemblyai-transcribe@1.2.0',
        swaps: [
          {
            from: 'skill://whisper-transcribe@1.0.0',
            to: 'skill://assemblyai-transcribe@1.2.0',
            reason: expect.stringContaining('SkillError'),
            policy: 'ThompsonSampling',
            explored: expect.any(Boolean),
            at: expect.any(String),
          },
        ],
      },
    });
    expect(t.events.some((e) => e.event.type === 'skill_swap')).toBe(true);
  });
});
