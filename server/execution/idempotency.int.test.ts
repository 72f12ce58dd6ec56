import { afterEach, describe, expect, it } from 'vitest';
import { idempotencyKey } from './idempotency-key.ts';
import { callUnderTaskLease } from './leased-skill-call.ts';
import { acquireTaskLease, type TaskLease } from './task-work.ts';
import { recordSkillCalls } from './testing/skill-calls.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idempotency keys of skill calls (real Redis, BullMQ, in-process workers)', () => {
  it("every call carries its attempt's key; a Retry after a failure is a new attempt with a new key", async () => {
    h = await executionHarness({}, 2);
    const calls = recordSkillCalls(h.x);
    const wf = workflowOf({
      StartAt: 'T',
      States: {
        T: task('fail', {
          Parameters: { error: 'Flaky', cause: 'not yet', times: 1 },
          Retry: [{ ErrorEquals: ['Flaky'], IntervalSeconds: 1, BackoffRate: 1, MaxAttempts: 2 }],
          End: true,
        }),
      },
    });
    const run = await h.run(wf, {});
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: { recovered: true, attempt: 2 } });
    const entry = (await h.finalized(run.run_id)).entries.T!;
    expect(calls.map((c) => c.idempotencyKey)).toEqual([
      idempotencyKey(run.run_id, 'T', { entry: entry.entry }),
      idempotencyKey(run.run_id, 'T', { entry: entry.entry, retry_counts: [1] }),
    ]);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(2);
  });

  it("an agent worker's call under its lease (invoke_skill_tool with the lease) gets the same key and keeps the lease", async () => {
    h = await executionHarness({ DCF_LEASE_TTL_S: '1' }, 0);
    const x = h.x;
    const runId = await h.start(workflowOf({ StartAt: 'T', States: { T: task('echo', { End: true }) } }), {});
    const lease = (await acquireTaskLease(x, runId, 'T', 'agent-1', true)) as TaskLease;
    expect(lease).toMatchObject({ ok: true, idempotency_key: expect.stringMatching(/^dcf-/) });
    // The call blocks for three TTLs; the lease is renewed meanwhile, so nobody else can take the state.
    const during = callUnderTaskLease(x, runId, 'T', lease.token, async (c) => {
      await sleep(3_000);
      return { key: c.idempotencyKey, aborted: c.signal.aborted };
    });
    await sleep(1_500);
    expect(await x.cp.acquireLease(runId, 'T', 'agent-2', 1, true)).toMatchObject({ ok: false, reason: 'held' });
    expect(await during).toEqual({ ok: true, value: { key: lease.idempotency_key, aborted: false } });
    const stale = await callUnderTaskLease(x, runId, 'T', 'lease-0', async () => 'never');
    expect(stale).toEqual({ ok: false, reason: 'stale_lease' });
  });
});
