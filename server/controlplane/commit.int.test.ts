import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedRedisUrl } from '../testing/test-database.ts';
import { ControlPlane } from './control-plane.ts';
import { readStoredInstance, readStoredInstances } from './instance-read.ts';
import { runKeys } from './keys.ts';

let redis: Redis;
let cp: ControlPlane;

beforeAll(async () => {
  redis = new Redis(await isolatedRedisUrl());
  cp = new ControlPlane(redis);
});
afterAll(() => redis.disconnect());

/** A running run whose Map `M` (entry `m-1`, running) has iteration `M[0]/E` leased; the lease token. */
async function iterationLeased(runId: string): Promise<string> {
  const c = cp.builder(runId).evenWhenFinished();
  c.run({ run_id: runId, status: 'RUNNING' });
  c.state('M', { reset: true, set: { status: 'running' } });
  c.state('M[0]/E', { reset: true });
  c.hset(c.keys.entries, 'M', { entry: 'm-1', input: [1] });
  c.hset(c.keys.entries, 'M[0]/E', { entry: 'e-1', input: 1, parent: { instance: 'M', entry: 'm-1', index: 0 } });
  expect(await cp.commit(c)).toMatchObject({ ok: true });
  const grant = await cp.acquireLease(runId, 'M[0]/E', 'w', 30, true);
  if (!grant.ok) throw new Error(grant.reason);
  return grant.token;
}

describe('the commit script (real Redis)', () => {
  it('marks the notifications its caller enqueues as sent, with the commit and only when it is applied', async () => {
    const token = await iterationLeased('run-mark');
    const k = runKeys('run-mark');
    const refused = cp.builder('run-mark').fence('M[0]/E', 'lease-0').outbox('n-0', { id: 'n-0' }).markSent(['n-0']);
    expect(await cp.commit(refused)).toEqual({ ok: false, reason: 'stale_lease' });
    expect(await redis.sismember(k.nudges, 'n-0')).toBe(0);
    const c = cp.builder('run-mark').fence('M[0]/E', token).outbox('n-1', { id: 'n-1' }).outbox('n-2', { id: 'n-2' }).markSent(['n-1']);
    expect(await cp.commit(c)).toMatchObject({ ok: true });
    expect(await redis.smembers(k.nudges)).toEqual(['n-1']);
    expect(await redis.hkeys(k.outbox)).toEqual(['n-1', 'n-2']);
  });

  it('refuses a branch outcome once its Map was re-entered or is no longer running', async () => {
    const token = await iterationLeased('run-parent');
    const k = runKeys('run-parent');
    const outcome = () =>
      cp
        .builder('run-parent')
        .fence('M[0]/E', token)
        .requireParent({ instance: 'M', entry: 'm-1' })
        .state('M[0]/E', { set: { status: 'done' } });
    await redis.hset(k.entries, 'M', JSON.stringify({ entry: 'm-2', input: [1] }));
    expect(await cp.commit(outcome())).toEqual({ ok: false, reason: 'parent_over' });
    await redis.hset(k.entries, 'M', JSON.stringify({ entry: 'm-1', input: [1] }));
    const failed = cp.builder('run-parent').state('M', { set: { status: 'failed' } });
    expect(await cp.commit(failed)).toMatchObject({ ok: true });
    expect(await cp.commit(outcome())).toEqual({ ok: false, reason: 'parent_over' });
    expect((await cp.readState('run-parent', 'M[0]/E'))!.status).toBe('running');
    expect(await cp.commit(cp.builder('run-parent').state('M', { set: { status: 'running' } }))).toMatchObject({ ok: true });
    // An entry whose id is not its first key is read by decoding it (the fast path reads the first key only).
    await redis.hset(k.entries, 'M', JSON.stringify({ input: [{ entry: 'm-2' }], entry: 'm-2' }));
    expect(await cp.commit(outcome())).toEqual({ ok: false, reason: 'parent_over' });
    await redis.hset(k.entries, 'M', JSON.stringify({ input: [1], entry: 'm-1' }));
    expect(await cp.commit(outcome())).toMatchObject({ ok: true });
    expect((await cp.readState('run-parent', 'M[0]/E'))!.status).toBe('done');
  });

  it('reads a Task state worker agent with the instance, by the run state index', async () => {
    await iterationLeased('run-agent');
    const k = runKeys('run-agent');
    await redis.hset(k.agents, 'agent-1', JSON.stringify({ id: 'agent-1', state: 'E' }));
    await redis.hset(k.agentStates, 'E', 'agent-1');
    expect(JSON.parse((await readStoredInstance(redis, 'run-agent', 'M[0]/E', 'E')).agent!)).toMatchObject({ id: 'agent-1' });
    expect((await readStoredInstance(redis, 'run-agent', 'M[0]/E')).agent).toBeNull();
    expect((await readStoredInstance(redis, 'run-agent', 'M[0]/E', 'F')).agent).toBeNull();
    await redis.hdel(k.agents, 'agent-1'); // deleted, its index entry not yet
    expect((await readStoredInstance(redis, 'run-agent', 'M[0]/E', 'E')).agent).toBeNull();
  });

  it('claims the notification continued in place with the commit; the lease renewal moves the claim; removing the entry removes it', async () => {
    const token = await iterationLeased('run-claim');
    const k = runKeys('run-claim');
    const c = cp.builder('run-claim').fence('M[0]/E', token).outbox('n-1', { id: 'n-1' }).markSent(['n-1']).claim('n-1', 60_000);
    expect(await cp.commit(c)).toMatchObject({ ok: true });
    const claimed = Number(await redis.zscore(k.claims, 'n-1'));
    expect(claimed).toBeGreaterThan(Date.now() + 30_000);
    expect([...(await cp.liveClaims('run-claim'))]).toEqual(['n-1']);
    await redis.zadd(k.claims, 1, 'n-1'); // passed
    expect(await cp.liveClaims('run-claim')).toEqual(new Set());
    expect(await cp.renewLease('run-claim', 'M[0]/E', token, 30, 'n-1')).toMatchObject({ ok: true });
    expect([...(await cp.liveClaims('run-claim'))]).toEqual(['n-1']);
    expect(await cp.renewLease('run-claim', 'M[0]/E', token, 30, 'n-none')).toMatchObject({ ok: true });
    expect(await redis.zscore(k.claims, 'n-none')).toBeNull(); // a notification with no claim is not given one
    await cp.outboxDone('run-claim', 'n-1');
    expect(await redis.hexists(k.outbox, 'n-1')).toBe(0);
    expect(await redis.zcard(k.claims)).toBe(0);
  });

  it("reads the claimed notification's instance at the end of the commit, as readStoredInstance reads it; none unclaimed or skipped", async () => {
    const token = await iterationLeased('run-read');
    const k = runKeys('run-read');
    await redis.hset(k.agents, 'agent-f', JSON.stringify({ id: 'agent-f', state: 'F' }));
    await redis.hset(k.agentStates, 'F', 'agent-f');
    // The iteration's outcome enters its next state, F, and claims F's notification: the read sees F as written.
    const next = { entry: 'f-1', input: 2, parent: { instance: 'M', entry: 'm-1', index: 0 } };
    const c = cp.builder('run-read').fence('M[0]/E', token);
    c.state('M[0]/F', { reset: true }).hset(c.keys.entries, 'M[0]/F', next);
    c.outbox('n-f', { id: 'n-f' }).markSent(['n-f']).claim('n-f', 60_000).readClaimed('M[0]/F', 'F');
    const r = await cp.commit(c);
    expect(r.ok && r.read).toEqual(await readStoredInstance(redis, 'run-read', 'M[0]/F', 'F'));
    expect(r.ok && r.read).toMatchObject({
      entry: JSON.stringify(next),
      parentEntryId: 'm-1',
      parentStatus: 'running',
      run: { status: 'RUNNING' },
    });
    expect(JSON.parse((r.ok && r.read && r.read.agent) || 'null')).toMatchObject({ id: 'agent-f' });
    // No claim, no read (readClaimed names what the claim's handler reads).
    const unclaimed = cp.builder('run-read').readClaimed('M[0]/F', 'F');
    unclaimed.event({ type: 'note' });
    expect(await cp.commit(unclaimed)).toEqual({ ok: true, results: [0] });
  });

  it('reads several instances of a run in one round trip, each as readStoredInstance reads it', async () => {
    await iterationLeased('run-many');
    const k = runKeys('run-many');
    await redis.hset(k.agents, 'agent-e', JSON.stringify({ id: 'agent-e', state: 'E' }));
    await redis.hset(k.agentStates, 'E', 'agent-e');
    const reads = [
      { instance: 'M[0]/E', state: 'E' },
      { instance: 'M', state: '' },
      { instance: 'M[9]/E', state: 'E' }, // never entered
    ];
    const one = await Promise.all(reads.map((r) => readStoredInstance(redis, 'run-many', r.instance, r.state)));
    expect(await readStoredInstances(redis, 'run-many', reads)).toEqual(one);
    expect(one.map((r) => [r.entry !== null, r.agent !== null])).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ]);
  });

  it("skips an iteration's branch_done that leaves its Map's join idle, and writes the one that finishes or frees a slot", async () => {
    const token = await iterationLeased('run-idle');
    const k = runKeys('run-idle');
    const join = k.join('M');
    /** Iteration 0's report (`ok`) and its branch_done `id` (marked sent and claimed), in one fenced commit. */
    const report = (id: string, ok = true) => {
      const c = cp.builder('run-idle').fence('M[0]/E', token);
      c.hset(join, 'r:0', { entry: 'm-1', ok });
      c.hincr(join, `${ok ? 'done' : 'failed'}:m-1`);
      return cp.commit(c.outbox(id, { id }, { join, entry: 'm-1' }).markSent([id]).claim(id, 60_000));
    };
    const written = async (id: string) => [
      await redis.hexists(k.outbox, id),
      await redis.sismember(k.nudges, id),
      await redis.zcard(k.claims),
    ];
    // Three items, all started, no limit: the first report leaves the join nothing to do.
    await redis.hset(join, { entry: 'm-1', total: '3', started: '3', limit: '0' });
    expect(await report('b-1')).toEqual({ ok: true, results: [0, 1, 0], skipped: ['b-1'] });
    expect(await written('b-1')).toEqual([0, 0, 0]);
    // MaxConcurrency 2, two started of three: a report frees a slot for the third.
    await redis.del(join);
    await redis.hset(join, { entry: 'm-1', total: '3', started: '2', limit: '2' });
    expect(await report('b-2')).toEqual({ ok: true, results: [0, 1, 0] });
    expect(await written('b-2')).toEqual([1, 1, 1]);
    await redis.del(join, k.claims);
    // The last report, and a failure, always reach the Map; so does a join hash with no recorded limit (a Parallel's).
    await redis.hset(join, { entry: 'm-1', total: '1', started: '1', limit: '0' });
    expect((await report('b-3')).ok && (await redis.hexists(k.outbox, 'b-3'))).toBe(1);
    await redis.del(join);
    await redis.hset(join, { entry: 'm-1', total: '3', started: '3', limit: '0' });
    expect((await report('b-4', false)).ok && (await redis.hexists(k.outbox, 'b-4'))).toBe(1);
    await redis.del(join);
    await redis.hset(join, { entry: 'm-1', total: '3' });
    expect((await report('b-5')).ok && (await redis.hexists(k.outbox, 'b-5'))).toBe(1);
  });
});
