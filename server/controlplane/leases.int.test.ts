import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf } from '../redis/connection.ts';
import { isolatedRedisUrl } from '../testing/test-database.ts';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { ControlPlane } from './control-plane.ts';
import { runChannel, runKeys } from './keys.ts';

let redis: Redis;
let cp: ControlPlane;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A run with one pending state document, as create_workflow_control_plane leaves it. */
async function freshRun(runId: string, instance = 'S'): Promise<void> {
  const c = cp.builder(runId).evenWhenFinished();
  c.run({ run_id: runId, status: 'RUNNING' });
  c.state(instance, { reset: true, note: 'created' });
  expect(await cp.commit(c)).toMatchObject({ ok: true });
}

beforeAll(async () => {
  redis = new Redis(await isolatedRedisUrl());
  cp = new ControlPlane(redis);
});
afterAll(() => redis.disconnect());

describe('leases on real Redis', () => {
  it('many concurrent acquirers: exactly one lease is granted', async () => {
    await freshRun('run-race');
    const grants = await Promise.all(Array.from({ length: 50 }, (_, i) => cp.acquireLease('run-race', 'S', `w${i}`, 30, true)));
    const winners = grants.filter((g) => g.ok);
    expect(winners).toHaveLength(1);
    expect(grants.filter((g) => !g.ok && g.reason === 'held')).toHaveLength(49);
    const doc = await cp.readState('run-race', 'S');
    expect(doc).toMatchObject({ status: 'running', attempts: 1, lease: { token: (winners[0] as { token: string }).token, ttl_s: 30 } });
    expect(validateAgainstSchema('control_plane_state', doc)).toEqual([]);
  });

  it('an expired lease is taken over and the stale holder cannot write', async () => {
    await freshRun('run-stale');
    const first = await cp.acquireLease('run-stale', 'S', 'worker-1', 1, true);
    expect(first.ok).toBe(true);
    await sleep(1_100);
    const second = await cp.acquireLease('run-stale', 'S', 'worker-2', 30, true);
    expect(second).toMatchObject({ ok: true, attempts: 2 });
    const stale = cp.builder('run-stale').fence('S', (first as { token: string }).token);
    stale.state('S', { set: { status: 'done' }, release: true });
    expect(await cp.commit(stale)).toEqual({ ok: false, reason: 'stale_lease' });
    expect(await cp.renewLease('run-stale', 'S', (first as { token: string }).token, 30)).toMatchObject({ ok: false });
    expect((await cp.readState('run-stale', 'S'))!.lease.owner_agent_id).toBe('worker-2');
    const live = cp.builder('run-stale').fence('S', (second as { token: string }).token);
    live.state('S', { set: { status: 'done' }, release: true });
    expect(await cp.commit(live)).toMatchObject({ ok: true });
    expect(await cp.readState('run-stale', 'S')).toMatchObject({
      status: 'done',
      lease: { token: null, owner_agent_id: null, ts: null, ttl_s: null },
    });
  });

  it('a holder whose lease expired cannot write even when nobody took it over', async () => {
    await freshRun('run-lapsed');
    const g = await cp.acquireLease('run-lapsed', 'S', 'w', 1, true);
    await sleep(1_100);
    const c = cp.builder('run-lapsed').fence('S', (g as { token: string }).token);
    c.state('S', { set: { status: 'done' } });
    expect(await cp.commit(c)).toEqual({ ok: false, reason: 'lease_expired' });
  });

  it('renewal keeps a lease alive past its first TTL; the holder re-acquiring renews with the same token', async () => {
    await freshRun('run-renew');
    const g = (await cp.acquireLease('run-renew', 'S', 'w', 1, true)) as { ok: true; token: string };
    await sleep(600);
    expect(await cp.renewLease('run-renew', 'S', g.token, 1)).toMatchObject({ ok: true });
    await sleep(600);
    expect(await cp.acquireLease('run-renew', 'S', 'other', 1, true)).toMatchObject({ ok: false, reason: 'held' });
    expect(await cp.acquireLease('run-renew', 'S', 'w', 1, true, true)).toMatchObject({
      ok: true,
      token: g.token,
      renewed: true,
      attempts: 1,
    });
  });

  it('reclaim clears only expired leases and keeps the attempt count', async () => {
    await freshRun('run-reclaim');
    const g = (await cp.acquireLease('run-reclaim', 'S', 'w', 1, true)) as { ok: true; token: string };
    expect(await cp.reclaimLease('run-reclaim', 'S')).toBeNull();
    await sleep(1_100);
    expect(await cp.expiredLeases('run-reclaim')).toEqual(['S']);
    expect(await cp.reclaimLease('run-reclaim', 'S')).toBe(g.token);
    expect(await cp.readState('run-reclaim', 'S')).toMatchObject({ status: 'running', attempts: 1, lease: { token: null } });
  });

  it("a Task's start writes its agent's record with the grant when its entry is recorded, and never brings an agent back", async () => {
    const start = async (runId: string, agent: string, entry = JSON.stringify({ entry: 'e-1' })) => {
      await freshRun(runId);
      await redis.hset(runKeys(runId).entries, 'S', JSON.stringify({ entry: 'e-1' }));
      const next = JSON.stringify({ entry: 'e-1', effective_input: {} });
      return cp.acquireLease(
        runId,
        'S',
        agent,
        30,
        true,
        false,
        { expected: entry, next },
        { id: agent, record: '{"loaded_skills":["s"]}' },
      );
    };
    await redis.hset(runKeys('run-load').agents, 'a-1', '{"loaded_skills":[]}');
    expect(await start('run-load', 'a-1')).toMatchObject({ ok: true, recorded: true, loaded: true });
    expect(await redis.hget(runKeys('run-load').agents, 'a-1')).toBe('{"loaded_skills":["s"]}');
    // A deleted agent (finalize) is not written back.
    expect(await start('run-gone', 'a-2')).toMatchObject({ ok: true, recorded: true, loaded: false });
    expect(await redis.hexists(runKeys('run-gone').agents, 'a-2')).toBe(0);
    // The entry is not the one the start was computed on: neither the entry nor the agent is written.
    await redis.hset(runKeys('run-moved').agents, 'a-3', '{"loaded_skills":[]}');
    expect(await start('run-moved', 'a-3', JSON.stringify({ entry: 'e-0' }))).toMatchObject({ ok: true, recorded: false, loaded: false });
    expect(await redis.hget(runKeys('run-moved').agents, 'a-3')).toBe('{"loaded_skills":[]}');
  });

  it('leases are refused for finished states and finished runs; tokens only grow', async () => {
    await freshRun('run-done');
    const a = (await cp.acquireLease('run-done', 'S', 'w', 30, true)) as { ok: true; token: string };
    const c = cp.builder('run-done').fence('S', a.token);
    c.state('S', { set: { status: 'done' }, release: true });
    c.run({ status: 'SUCCEEDED' });
    expect((await cp.commit(c)).ok).toBe(true);
    expect(await cp.acquireLease('run-done', 'S', 'w', 30, true)).toMatchObject({ ok: false, reason: 'run_not_running' });
    await freshRun('run-tokens');
    const t1 = (await cp.acquireLease('run-tokens', 'S', 'w', 1, true)) as { token: string };
    await sleep(1_100);
    const t2 = (await cp.acquireLease('run-tokens', 'S', 'w', 1, true)) as { token: string };
    expect(Number(t2.token.split('-')[1])).toBeGreaterThan(Number(t1.token.split('-')[1]));
  });

  it('a commit that requires run fields is refused as a whole once one changed (a missing field reads as "")', async () => {
    await freshRun('run-guard');
    const c = cp.builder('run-guard').requireRun({ status: 'RUNNING', redrive_count: '' });
    c.state('S', { set: { status: 'done' }, note: 'done' });
    expect(await cp.commit(c)).toMatchObject({ ok: true });
    const stale = cp.builder('run-guard').evenWhenFinished().requireRun({ status: 'RUNNING', redrive_count: '1' });
    stale.state('S', { set: { status: 'failed' } });
    stale.run({ status: 'FAILED' });
    expect(await cp.commit(stale)).toEqual({ ok: false, reason: 'run_changed' });
    expect(await cp.readState('run-guard', 'S')).toMatchObject({ status: 'done' });
    expect(await redis.hget(runKeys('run-guard').run, 'status')).toBe('RUNNING');
  });

  it('every state change appends one event to the run stream and publishes it', async () => {
    const sub = redis.duplicate();
    const got: string[] = [];
    await sub.subscribe(channelOf(redis, runChannel('run-events')));
    sub.on('message', (_ch, msg) => got.push(msg));
    await freshRun('run-events');
    const g = (await cp.acquireLease('run-events', 'S', 'w', 30, true)) as { token: string };
    const c = cp.builder('run-events').fence('S', g.token);
    c.state('S', { set: { status: 'done' }, release: true, note: 'done' });
    await cp.commit(c);
    await sleep(100);
    const stream = await redis.xrange(runKeys('run-events').events, '-', '+');
    const kinds = stream.map(([, f]) => JSON.parse(f[1]!) as { type: string; note: string | null });
    expect(kinds.map((k) => `${k.type}:${k.note ?? '-'}`)).toEqual(['run:-', 'state:created', 'state:lease_acquired', 'state:done']);
    expect(got).toHaveLength(4);
    expect(JSON.parse(got[3]!)).toMatchObject({ id: stream[3]![0], event: { type: 'state', instance: 'S', state: { status: 'done' } } });
    sub.disconnect();
  });
});
