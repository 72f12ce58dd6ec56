import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommitResult } from '../controlplane/control-plane.ts';
import { runKeys } from '../controlplane/keys.ts';
import { Continuation } from './continuation.ts';
import { handleNotification, handleNotificationJob } from './handle-notification.ts';
import { readOutbox } from './notify.ts';
import { readRun } from './run-record.ts';
import { sweep } from './sweeper.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
  h = undefined;
});

const wide = { maxSteps: 64, maxMs: 600_000 };
const chain = workflowOf({
  StartAt: 'A',
  States: {
    A: task('echo', { Next: 'B' }),
    B: task('echo', { Parameters: { 'got.$': '$.v' }, Next: 'C' }),
    C: task('echo', { End: true }),
  },
});
const doc = async (runId: string, instance: string) => JSON.parse((await h!.x.redis.hget(runKeys(runId).states, instance))!);
const entry = async (runId: string, instance: string) => JSON.parse((await h!.x.redis.hget(runKeys(runId).entries, instance))!);

// Nobody consumes the queue (concurrency 0): each job is handled by the test, as a worker would.
describe('a continued Task’s lease granted with the commit that enters it (real Redis)', () => {
  it('a chain of Tasks acquires only its first lease itself; each later one comes with the commit, one attempt each', async () => {
    h = await executionHarness({}, 0);
    const acquire = vi.spyOn(h.x.cp, 'acquireLease');
    const runId = await h.start(chain, { v: 7 });
    const [first] = await readOutbox(h.x, runId);
    await handleNotificationJob(h.x, first!, wide);
    expect(await readRun(h.x.redis, runId)).toMatchObject({ status: 'SUCCEEDED', output: { got: 7 } });
    expect(acquire.mock.calls.map((c) => c[1])).toEqual(['A']);
    for (const s of ['A', 'B', 'C']) expect(await doc(runId, s)).toMatchObject({ status: 'done', attempts: 1 });
    // The effective input was recorded with the grant, as the worker's own acquire records it.
    expect((await entry(runId, 'B')).effective_input).toEqual({ got: 7 });
  });

  it('the holder dies after the commit that granted the next lease: the lease lapses, the sweeper sends the notification, the run ends', async () => {
    h = await executionHarness({}, 0);
    const runId = await h.start(chain, { v: 1 });
    const [first] = await readOutbox(h.x, runId);
    // A's job runs A; its commit enters B with B's lease, and the process dies before B's worker starts.
    await handleNotification({ ...h.x, continuation: new Continuation(() => {}, wide) }, first!);
    const k = runKeys(runId);
    const [held] = await readOutbox(h.x, runId);
    expect(held).toMatchObject({ instance: 'B' });
    expect(await doc(runId, 'B')).toMatchObject({ status: 'running', attempts: 1 });
    expect((await doc(runId, 'B')).lease.token).toMatch(/^lease-/);
    // Its lease and its claim pass (nobody renews them); the outbox entry is old enough for the sweeper.
    await h.x.redis.zadd(k.leaseExpiry, 1, 'B');
    await h.x.redis.zadd(k.claims, 1, held!.id);
    await h.x.redis.hset(k.outbox, held!.id, JSON.stringify({ ...held, created_at_ms: held!.created_at_ms - 60_000 }));
    expect((await sweep(h.x)).redispatched).toBe(1);
    const job = await h.x.dispatcher.queue.getJob(held!.id);
    await handleNotificationJob(h.x, job!.data, wide);
    expect((await readRun(h.x.redis, runId))?.status).toBe('SUCCEEDED');
    // The attempt that died counts, as a death right after acquiring did.
    expect(await doc(runId, 'B')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a lease taken in a commit is granted only on the entry the commit left, to an agent that exists, never with a refused commit', async () => {
    h = await executionHarness({}, 0);
    const runId = await h.start(chain, { v: 1 });
    const k = runKeys(runId);
    const agents = await h.x.agents.listRunAgents(runId);
    const agentOf = (s: string) => agents.find((a) => a.state === s)!.id;
    const entryA = (await h.x.redis.hget(k.entries, 'A'))!;
    const lease = (owner: string, expected: string) => ({
      instance: 'A',
      owner,
      ttlS: 5,
      countAttempt: true,
      entry: { expected, next: JSON.stringify({ ...JSON.parse(expected), effective_input: {} }) },
    });
    const noop = () => h!.x.cp.builder(runId);
    const grantOf = (r: CommitResult) => (r.ok ? r.grant : undefined);
    // Another entry than the one there: refused, nothing written.
    expect(grantOf(await h.x.cp.commit(noop(), lease(agentOf('A'), '{"entry":"other"}')))).toBeUndefined();
    // No such agent (one a process remembered and that was deleted since): refused.
    expect(grantOf(await h.x.cp.commit(noop(), lease('agent-worker-gone', entryA)))).toBeUndefined();
    // A commit refused (its fence is no lease of A's): no lease either, though the entry and the agent would do — a lease
    // script pipelined behind it would have been granted.
    expect(await h.x.cp.commit(noop().fence('A', 'lease-0'), lease(agentOf('A'), entryA))).toEqual({ ok: false, reason: 'stale_lease' });
    expect(await doc(runId, 'A')).toMatchObject({ status: 'pending', attempts: 0 });
    // The entry there and the state's agent: granted, the entry recorded with it.
    const granted = await h.x.cp.commit(noop(), lease(agentOf('A'), entryA));
    expect(grantOf(granted)).toMatchObject({ ok: true, recorded: true, attempts: 1 });
    expect(await doc(runId, 'A')).toMatchObject({ status: 'running', attempts: 1 });
  });
});
