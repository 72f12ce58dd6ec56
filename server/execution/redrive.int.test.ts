import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { ACTIVE_RUNS, runKeys } from '../controlplane/keys.ts';
import { invokeTool } from '../tools/invoke.ts';
import { redriveWorkflowRunTool } from '../tools/runtime/redrive-workflow-run.ts';
import type { RunRecord } from '../contracts/run-view.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';
import { recordSkillCalls, type SkillCall } from './testing/skill-calls.ts';
import { waitForRun } from './wait-run.ts';
import { isRunSettled } from './run-settled.ts';

let h: ExecutionHarness;
let calls: SkillCall[];
beforeAll(async () => {
  h = await executionHarness({}, 6);
  calls = recordSkillCalls(h.x);
});
afterAll(() => h.close());

type Redriven = {
  status: string;
  run_status?: string;
  redrive_count?: number;
  redriven?: Array<{ state: string; kind: string }>;
  resumed?: string[];
  error_code?: string;
  details?: unknown;
};
const redrive = (runId: string, states?: string[]) =>
  invokeTool(
    redriveWorkflowRunTool,
    { run_id: runId, ...(states ? { states } : {}) },
    { actor: systemActor('test'), services: { config: h.config, execution: async () => h.x } },
  ) as Promise<Redriven>;
const ended = async (runId: string): Promise<RunRecord> => (await waitForRun(h.x, runId, 30_000))!;
/** How many times a skill tool ran with arguments containing `match` (in this file's runs). */
const ran = (match: Record<string, unknown>) => calls.filter((c) => Object.entries(match).every(([k, v]) => c.args[k] === v)).length;
const echo = (tag: string, fields: Record<string, unknown> = {}) => task('echo', { Parameters: { tag }, ...fields });
const flaky = (cause: string, fields: Record<string, unknown> = {}) =>
  task('fail', { Parameters: { error: 'Flaky', cause, times: 1 }, ...fields });

describe('redrive_workflow_run: from the failed states only', { timeout: 60_000 }, () => {
  it("a chain whose middle Task failed: only that Task runs again, the run succeeds with the first Task's result", async () => {
    const wf = workflowOf({
      StartAt: 'A',
      States: {
        A: echo('chain-A', { ResultPath: '$.a', Next: 'B' }),
        B: flaky('chain-B', { ResultPath: '$.b', Next: 'C' }),
        C: echo('chain-C', { ResultPath: '$.c', End: true }),
      },
    });
    const first = await h.run(wf, { x: 1 });
    expect(first).toMatchObject({ status: 'FAILED', error: 'Flaky', cause: 'chain-B' });
    const before = await h.show(first.run_id);
    // Straight after the end, while the run may still be finalized: the redrive finalizes first if needed.
    const r = await redrive(first.run_id);
    expect(r).toMatchObject({
      status: 'ok',
      run_status: 'RUNNING',
      redrive_count: 1,
      redriven: [{ state: 'B', kind: 'failed' }],
      resumed: [],
    });
    const run = await ended(first.run_id);
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      error: null,
      cause: null,
      redrive_count: 1,
      output: { x: 1, a: { tag: 'chain-A' }, b: { recovered: true, attempt: 2 }, c: { tag: 'chain-C' } },
    });
    expect([ran({ tag: 'chain-A' }), ran({ cause: 'chain-B' }), ran({ tag: 'chain-C' })]).toEqual([1, 2, 1]);
    const view = await h.finalized(first.run_id);
    expect(view.entries.A).toEqual(before!.entries.A);
    expect(view.states.B).toMatchObject({ status: 'done', attempts: 2 });
    expect(view.entries.B!.entry).not.toBe(before!.entries.B!.entry);
    expect(view.run.summary).toMatchObject({ status: 'SUCCEEDED', states: { done: 3, failed: 0 } });
    const redriveEvents = view.events.filter((e) => e.event.type === 'redrive');
    expect(redriveEvents.map((e) => e.event)).toEqual([
      expect.objectContaining({ redrive_count: 1, by: 'test', states: ['B'], run_id: first.run_id }),
    ]);
    expect(view.events.some((e) => e.event.type === 'run' && e.event.status === 'RUNNING' && e.event.redrive_count === '1')).toBe(true);
    expect(await h.x.redis.sismember(ACTIVE_RUNS, first.run_id)).toBe(0);
  });

  it("a Parallel with one failed branch: the other branch's result is kept, its Task does not run again", async () => {
    const wf = workflowOf({
      StartAt: 'Par',
      States: {
        Par: {
          Type: 'Parallel',
          Branches: [
            { StartAt: 'Good', States: { Good: echo('par-good', { End: true }) } },
            {
              StartAt: 'Nap',
              States: {
                Nap: task('sleep', { Parameters: { ms: 300 }, ResultPath: null, Next: 'Bad' }),
                Bad: flaky('par-bad', { End: true }),
              },
            },
          ],
          Next: 'Done',
        },
        Done: { Type: 'Succeed' },
      },
    });
    const first = await h.run(wf, {});
    expect(first).toMatchObject({ status: 'FAILED', cause: 'par-bad' });
    await h.finalized(first.run_id);
    expect(await redrive(first.run_id)).toMatchObject({ status: 'ok', redriven: [{ state: 'Bad', kind: 'failed' }], resumed: ['Par'] });
    const run = await ended(first.run_id);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: [{ tag: 'par-good' }, { recovered: true, attempt: 2 }] });
    expect([ran({ tag: 'par-good' }), ran({ ms: 300 }), ran({ cause: 'par-bad' })]).toEqual([1, 1, 2]);
    const view = await h.finalized(first.run_id);
    expect(view.states.Par).toMatchObject({ status: 'done', last_error: null });
  });

  it('a Map with one failed iteration and MaxConcurrency 1: that iteration runs again, then the ones never started', async () => {
    const wf = workflowOf({
      StartAt: 'M',
      States: {
        M: {
          Type: 'Map',
          ItemsPath: '$.items',
          MaxConcurrency: 1,
          ItemProcessor: {
            StartAt: 'T',
            States: {
              T: task('fail', {
                Parameters: { error: 'Flaky', 'cause.$': "States.Format('map-{}', $.i)", 'times.$': '$.times' },
                End: true,
              }),
            },
          },
          End: true,
        },
      },
    });
    const items = [
      { i: 0, times: 0 },
      { i: 1, times: 1 },
      { i: 2, times: 0 },
      { i: 3, times: 0 },
    ];
    const first = await h.run(wf, { items });
    expect(first).toMatchObject({ status: 'FAILED', cause: 'map-1' });
    const before = await h.finalized(first.run_id);
    expect(Object.keys(before.states).sort()).toEqual(['M', 'M[0]/T', 'M[1]/T']);
    expect(await h.x.redis.hget(runKeys(first.run_id).join('M'), 'started')).toBe('2');
    expect(await redrive(first.run_id)).toMatchObject({ status: 'ok', redriven: [{ state: 'M[1]/T', kind: 'failed' }], resumed: ['M'] });
    const run = await ended(first.run_id);
    expect(run).toMatchObject({
      status: 'SUCCEEDED',
      output: [
        { recovered: true, attempt: 1 },
        { recovered: true, attempt: 2 },
        { recovered: true, attempt: 1 },
        { recovered: true, attempt: 1 },
      ],
    });
    expect(['map-0', 'map-1', 'map-2', 'map-3'].map((cause) => ran({ cause }))).toEqual([1, 2, 1, 1]);
    const view = await h.finalized(first.run_id);
    expect(view.entries['M[0]/T']).toEqual(before.entries['M[0]/T']);
    // MaxConcurrency 1 still holds: iteration 2 starts after 1 is done, 3 after 2.
    const doneOrder = view.events.filter((e) => e.event.type === 'state' && e.event.note === 'done').map((e) => e.event.instance);
    expect(doneOrder).toEqual(['M[0]/T', 'M[1]/T', 'M[2]/T', 'M[3]/T', 'M']);
  });

  it('a failure a Catch took is not redriven: only the uncaught one runs again', async () => {
    const wf = workflowOf({
      StartAt: 'Caught',
      States: {
        Caught: task('fail', {
          Parameters: { error: 'Handled', cause: 'catch-me' },
          Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.err', Next: 'After' }],
          Next: 'After',
        }),
        After: task('fail', { Parameters: { error: 'Final', cause: 'uncaught' }, End: true }),
      },
    });
    const first = await h.run(wf, {});
    expect(first).toMatchObject({ status: 'FAILED', error: 'Final' });
    await h.finalized(first.run_id);
    expect(await redrive(first.run_id)).toMatchObject({ status: 'ok', redriven: [{ state: 'After', kind: 'failed' }] });
    expect(await ended(first.run_id)).toMatchObject({ status: 'FAILED', error: 'Final', redrive_count: 1 });
    expect([ran({ cause: 'catch-me' }), ran({ cause: 'uncaught' })]).toEqual([1, 2]);
    expect((await h.finalized(first.run_id)).states.Caught).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a TIMED_OUT run: the interrupted state runs again and TimeoutSeconds counts from the redrive', async () => {
    const wf = workflowOf({
      StartAt: 'A',
      TimeoutSeconds: 2,
      States: {
        A: task('sleep', { Parameters: { ms: 1200, tag: 'to-A' }, Next: 'B' }),
        B: task('sleep', { Parameters: { ms: 1400, tag: 'to-B' }, End: true }),
      },
    });
    const first = await h.run(wf, {});
    expect(first).toMatchObject({ status: 'TIMED_OUT', error: 'States.Timeout' });
    await h.finalized(first.run_id);
    const r = await redrive(first.run_id);
    expect(r).toMatchObject({ status: 'ok', redriven: [{ state: 'B', kind: 'interrupted' }] });
    expect(await ended(first.run_id)).toMatchObject({ status: 'SUCCEEDED', error: null, redrive_count: 1 });
    expect([ran({ tag: 'to-A' }), ran({ tag: 'to-B' })]).toEqual([1, 2]);
  });

  it('a FAILED run with TimeoutSeconds: the deadline of its first life does not end the redriven run', async () => {
    const wf = workflowOf({
      StartAt: 'A',
      TimeoutSeconds: 3,
      States: { A: flaky('deadline-A', { Next: 'B' }), B: task('sleep', { Parameters: { ms: 2000, tag: 'deadline-B' }, End: true }) },
    });
    const first = await h.run(wf, {});
    expect(first.status).toBe('FAILED');
    await new Promise((r) => setTimeout(r, 1500)); // the first deadline falls at 3 s, while B sleeps
    expect(await redrive(first.run_id)).toMatchObject({ status: 'ok' });
    expect(await ended(first.run_id)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('an ABORTED run continues from the state the abort interrupted', async () => {
    const wf = workflowOf({
      StartAt: 'A',
      States: { A: echo('abort-A', { Next: 'B' }), B: task('sleep', { Parameters: { ms: 700, tag: 'abort-B' }, End: true }) },
    });
    const runId = await h.start(wf, {});
    for (let i = 0; i < 200 && (await h.x.cp.readState(runId, 'B'))?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 10));
    const { finalizeWorkflow } = await import('./finalize.ts');
    expect(await finalizeWorkflow(h.x, runId, { abort: true, reason: 'operator' })).toMatchObject({ ok: true, run: { status: 'ABORTED' } });
    // Aborted: settled at once. Redriven: not settled until the new life has ended and done its own end's work.
    expect(await isRunSettled(h.x.redis, runId)).toBe(true);
    expect(await redrive(runId)).toMatchObject({ status: 'ok', redriven: [{ state: 'B', kind: 'interrupted' }] });
    expect(await isRunSettled(h.x.redis, runId)).toBe(false);
    expect(await ended(runId)).toMatchObject({ status: 'SUCCEEDED', output: { slept_ms: 700 } });
    expect(await isRunSettled(h.x.redis, runId)).toBe(true);
    expect(ran({ tag: 'abort-A' })).toBe(1);
  });
});

describe('retry one state, and what cannot be redriven', { timeout: 60_000 }, () => {
  const parallelWithSlowBranch = workflowOf({
    StartAt: 'Par',
    States: {
      Par: {
        Type: 'Parallel',
        Branches: [
          { StartAt: 'Quick', States: { Quick: flaky('retry-quick', { End: true }) } },
          {
            StartAt: 'Slow',
            States: {
              Slow: task('sleep', { Parameters: { ms: 1500, tag: 'retry-slow' }, Next: 'Last' }),
              Last: echo('retry-last', { End: true }),
            },
          },
        ],
        End: true,
      },
    },
  });

  it("retries the named failed state; a branch the run's end interrupted runs on as well", async () => {
    const first = await h.run(parallelWithSlowBranch, {});
    expect(first).toMatchObject({ status: 'FAILED', cause: 'retry-quick' });
    const before = await h.finalized(first.run_id);
    expect(before.states.Slow).toMatchObject({ status: 'failed', last_error: 'Closed: run FAILED' });
    expect(await redrive(first.run_id, ['Last'])).toMatchObject({ status: 'error', error_code: 'conflict' }); // never entered: not a failure
    expect(await redrive(first.run_id, ['Quick'])).toMatchObject({
      status: 'ok',
      redriven: [
        { state: 'Quick', kind: 'failed' },
        { state: 'Slow', kind: 'interrupted' },
      ],
      resumed: ['Par'],
    });
    expect(await ended(first.run_id)).toMatchObject({
      status: 'SUCCEEDED',
      output: [{ recovered: true, attempt: 2 }, { tag: 'retry-last' }],
    });
    expect([ran({ cause: 'retry-quick' }), ran({ tag: 'retry-slow' }), ran({ tag: 'retry-last' })]).toEqual([2, 2, 1]);
  });

  it('refuses, as tool errors: a RUNNING run, a SUCCEEDED run, an unknown run, an unknown state, a state that did not fail', async () => {
    const runId = await h.start(workflowOf({ StartAt: 'Nap', States: { Nap: task('sleep', { Parameters: { ms: 800 }, End: true }) } }), {});
    expect(await redrive(runId)).toMatchObject({ status: 'error', error_code: 'conflict', details: { run_status: 'RUNNING' } });
    expect(await ended(runId)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await redrive(runId)).toMatchObject({ status: 'error', error_code: 'conflict', details: { run_status: 'SUCCEEDED' } });
    expect(await redrive('00000000-0000-4000-8000-00000000dead')).toMatchObject({ status: 'error', error_code: 'not_found' });

    const wf = workflowOf({ StartAt: 'A', States: { A: echo('refuse-A', { Next: 'B' }), B: flaky('refuse-B', { End: true }) } });
    const failed = await h.run(wf, {});
    await h.finalized(failed.run_id);
    expect(await redrive(failed.run_id, ['Nope'])).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      details: { states: ['Nope'], redrivable: ['B'] },
    });
    expect(await redrive(failed.run_id, ['A'])).toMatchObject({
      status: 'error',
      error_code: 'conflict',
      details: { states: ['A'], redrivable: ['B'] },
    });
    expect(await redrive(failed.run_id, [])).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect((await h.show(failed.run_id))!.run).toMatchObject({ status: 'FAILED', redrive_count: 0 });
    // Two redrives at once: one applies, the other is refused.
    const both = await Promise.all([redrive(failed.run_id), redrive(failed.run_id)]);
    expect(both.map((r) => r.status).sort()).toEqual(['error', 'ok']);
    expect(await ended(failed.run_id)).toMatchObject({ status: 'SUCCEEDED', redrive_count: 1 });
    expect(ran({ cause: 'refuse-B' })).toBe(2);
  });
});
