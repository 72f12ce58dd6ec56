import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';
import { exited, startWorkerProcess } from './testing/worker-process.ts';
import { waitForRun } from './wait-run.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let h: ExecutionHarness | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  await h?.close();
});

/** A chain of sleeping Tasks: long enough to kill a worker in the middle of one. */
const chain = workflowOf({
  StartAt: 'A',
  States: {
    A: task('sleep', { Parameters: { ms: 300 }, ResultPath: '$.a', Next: 'B' }),
    B: task('sleep', { Parameters: { ms: 2500 }, ResultPath: '$.b', Next: 'C' }),
    C: task('echo', { Parameters: { 'done.$': '$.b.slept_ms' }, End: true }),
  },
});

async function waitForState(runId: string, state: string, status: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if ((await h!.x.cp.readState(runId, state))?.status === status) return;
    await sleep(50);
  }
  throw new Error(`${state} never became ${status}`);
}

const doneEvents = async (runId: string) =>
  (await h!.finalized(runId)).events.filter((e) => e.event.type === 'state' && e.event.note === 'done').map((e) => e.event.instance);

describe('workers dying and restarting (real dcf worker processes)', () => {
  it('a worker killed with SIGKILL mid-state: the lease expires, the state is re-run elsewhere, each state completes once', async () => {
    h = await executionHarness({ DCF_LEASE_TTL_S: '2' }, 0);
    const env = { DCF_LEASE_TTL_S: '2' };
    const first = await startWorkerProcess(h.redisUrl, env);
    children.push(first);
    const runId = await h.start(chain, {});
    await waitForState(runId, 'B', 'running');
    first.kill('SIGKILL');
    await exited(first);
    children.push(await startWorkerProcess(h.redisUrl, env));
    const run = await waitForRun(h.x, runId, 40_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { done: 2500 } });
    const view = await h.finalized(runId);
    expect(view.states.B).toMatchObject({ status: 'done', attempts: 2 });
    expect(view.events.some((e) => e.event.note === 'lease_expired' && e.event.instance === 'B')).toBe(true);
    expect((await doneEvents(runId)).sort()).toEqual(['A', 'B', 'C']);
  }, 60_000);

  it('the worker process restarted mid-run (SIGTERM, then a new one): the run resumes where it was', async () => {
    h = await executionHarness({}, 0);
    const first = await startWorkerProcess(h.redisUrl);
    children.push(first);
    const runId = await h.start(chain, {});
    await waitForState(runId, 'B', 'running');
    first.kill('SIGTERM'); // graceful: finishes B, leaves C queued
    expect(await exited(first)).toBe(0);
    expect((await h.x.cp.readState(runId, 'C'))?.status).not.toBe('done');
    children.push(await startWorkerProcess(h.redisUrl));
    const run = await waitForRun(h.x, runId, 30_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { done: 2500 } });
    expect((await doneEvents(runId)).sort()).toEqual(['A', 'B', 'C']);
  }, 60_000);
});
