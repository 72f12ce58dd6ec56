import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';
import { exited, startWorkerProcess } from './testing/worker-process.ts';
import { loadConfig } from '../config.ts';
import { runKeys } from '../controlplane/keys.ts';
import { IDEMPOTENCY_META_KEY } from '../skills/invoke/index.ts';
import { startDemoSkillsServer } from '../skills/demo/server/http-server.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { startMcpRecorder } from './testing/mcp-recorder.ts';
import { leaseTiming } from './lease-timing.ts';
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

const PILOT_URI = 's3://selina-call-recordings/2024/07/APP-49201/REC-88310.mp3';
/** One Task calling a demo skill over MCP. */
const transcribe = {
  ...workflowOf({ StartAt: 'T', States: {} }),
  skill_imports: [{ uri: 'file://skills/whisper-transcribe.json' }],
  asl: {
    StartAt: 'T',
    States: {
      T: {
        Type: 'Task',
        Parameters: { recording_uri: PILOT_URI },
        End: true,
        AgentBinding: {
          agent_template_ref: { name: 'agent_template_worker@1.0.0' },
          skills: ['skill://whisper-transcribe@1.0.0'],
        },
      },
    },
  },
};

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(20);
  }
}

async function waitForState(runId: string, state: string, status: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if ((await h!.x.cp.readState(runId, state))?.status === status) return;
    await sleep(50);
  }
  throw new Error(`${state} never became ${status}`);
}

const doneEvents = async (runId: string) =>
  (await h!.finalized(runId)).events.filter((e) => e.event.type === 'state' && e.event.note === 'done').map((e) => e.event.instance);

/** Polls until `instance` holds a lease other than `token` (another worker took it); the time that took. */
async function untilReleased(runId: string, instance: string, token: string, from: number, withinMs: number) {
  while (Date.now() - from < withinMs) {
    const lease = (await h!.x.cp.readState(runId, instance))?.lease.token;
    if (lease && lease !== token) return Date.now() - from;
    await sleep(50);
  }
  throw new Error(`${instance} did not run again within ${withinMs} ms`);
}

/** The production lease TTL (DCF_LEASE_TTL_S unset), given to the worker processes explicitly. */
const DEFAULT_TTL_S = loadConfig({}).execution.leaseTtlS;

describe('workers dying and restarting (real dcf worker processes)', () => {
  it('a worker killed with SIGKILL mid-state: its lease lapses within a TTL, the state runs again on another worker, each completes once', async () => {
    h = await executionHarness({}, 0);
    const env = { DCF_LEASE_TTL_S: String(DEFAULT_TTL_S) };
    const first = await startWorkerProcess(h.redis, env);
    children.push(first);
    const runId = await h.start(chain, {});
    await waitForState(runId, 'B', 'running');
    const held = (await h.x.cp.readState(runId, 'B'))!.lease.token!;
    first.kill('SIGKILL');
    const killedAt = Date.now();
    await exited(first);
    // The recovery bound (lease-timing.ts: TTL + one sweep) by what the control plane recorded, not by
    // how long this machine took: the dead holder's lease lapses at most one TTL after its death (its
    // last renewal came before it), and is then re-notified (the sweeper's tick; sweeper tests).
    const lapsesAt = Number(await h.x.redis.zscore(runKeys(runId).leaseExpiry, 'B'));
    expect(lapsesAt).toBeGreaterThan(killedAt - DEFAULT_TTL_S * 1000);
    expect(lapsesAt).toBeLessThanOrEqual(killedAt + DEFAULT_TTL_S * 1000);
    children.push(await startWorkerProcess(h.redis, env));
    const tookMs = await untilReleased(runId, 'B', held, killedAt, 40_000); // a give-up bound, not a timing assertion
    const bound = leaseTiming(DEFAULT_TTL_S).recoveryBoundMs / 1000;
    const took = (tookMs / 1000).toFixed(1);
    console.log(`SIGKILL → B running again on another worker after ${took} s (lease TTL ${DEFAULT_TTL_S} s, bound ${bound} s)`);
    const run = await waitForRun(h.x, runId, 40_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { done: 2500 } });
    const view = await h.finalized(runId);
    expect(view.states.B).toMatchObject({ status: 'done', attempts: 2 });
    // Taken over once its lease lapsed: by the sweeper's re-notification or BullMQ's re-delivery of the stalled job.
    const acquired = view.events.filter((e) => e.event.instance === 'B' && e.event.note === 'lease_acquired');
    const tokens = acquired.map((e) => (e.event.state as { lease: { token: string } }).lease.token);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe(held);
    expect(tokens[1]).not.toBe(held);
    expect((await doneEvents(runId)).sort()).toEqual(['A', 'B', 'C']);
  }, 90_000);

  it('the worker process restarted mid-run (SIGTERM, then a new one): the run resumes where it was', async () => {
    h = await executionHarness({}, 0);
    const first = await startWorkerProcess(h.redis);
    children.push(first);
    const runId = await h.start(chain, {});
    await waitForState(runId, 'B', 'running');
    first.kill('SIGTERM'); // graceful: finishes B, leaves C queued
    expect(await exited(first)).toBe(0);
    expect((await h.x.cp.readState(runId, 'C'))?.status).not.toBe('done');
    children.push(await startWorkerProcess(h.redis));
    const run = await waitForRun(h.x, runId, 30_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { done: 2500 } });
    expect((await doneEvents(runId)).sort()).toEqual(['A', 'B', 'C']);
  }, 60_000);

  it('killed between the skill call and its commit: the re-run carries the same idempotency key (MCP _meta)', async () => {
    // The skill answers after 3 s, so the worker is killed while the call is at the skill.
    const demo = await startDemoSkillsServer({ port: 0, faults: { 'whisper-transcribe': { latency_ms: 3_000 } } });
    const recorder = await startMcpRecorder(demo.url);
    try {
      h = await executionHarness({}, 0);
      const env = { DCF_LEASE_TTL_S: String(DEFAULT_TTL_S), DCF_MCP_BASE_URL: recorder.url };
      const first = await startWorkerProcess(h.redis, env);
      children.push(first);
      const runId = await h.start(transcribe, {});
      await until(() => recorder.calls.length === 1);
      first.kill('SIGKILL');
      await exited(first);
      children.push(await startWorkerProcess(h.redis, env));
      expect(await waitForRun(h.x, runId, 40_000)).toMatchObject({ status: 'SUCCEEDED' });
      const view = await h.finalized(runId);
      const calls = recorder.calls.filter((c) => c.name === 'transcribe_audio');
      expect(calls).toHaveLength(2);
      // The same attempt ran twice (the take-over counts as a lease attempt, not as a new ASL attempt) ...
      expect(view.states.T).toMatchObject({ status: 'done', attempts: 2 });
      const key = idempotencyKey(runId, 'T', view.entries.T!);
      expect(calls.map((c) => c.meta?.[IDEMPOTENCY_META_KEY])).toEqual([key, key]);
      // ... and the key travels beside the arguments, never among them.
      expect(calls.map((c) => c.arguments)).toEqual([{ recording_uri: PILOT_URI }, { recording_uri: PILOT_URI }]);
    } finally {
      await recorder.close();
      await demo.close();
    }
  }, 90_000);
});
