import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACTIVE_RUNS, RUN_INDEX, runKeys } from '../controlplane/keys.ts';
import { InProcessAgentRuntime } from '../execution/in-process-runtime.ts';
import { pushRedisAnchor, redisAnchors } from '../audit/anchor-redis.ts';
import { ANCHOR_REASONS, type AuditAnchor } from '../audit/anchor-record.ts';
import { isolatedRedis } from '../testing/test-database.ts';
import { connectRedis, type RedisClient } from './connection.ts';
import { deadLetter, retryDeadLetter } from './dead-letters.ts';
import { durableStream } from './durable-stream.ts';
import { execAcrossSlots } from './across-slots.ts';

/**
 * Only in the `int-cluster` tier (a real three-master Redis Cluster): the multi-key commands of
 * the control plane and its neighbours keep their keys in one slot. A MULTI or script whose keys
 * leave one slot fails on a cluster — CROSSSLOT from Redis, or ioredis' own refusal of a transaction
 * whose keys lie on two nodes — first shown here on purpose, so this file proves
 * the tier would catch one — and each pair the code puts in one transaction or script is checked
 * by the cluster's own CLUSTER KEYSLOT and by running the code that uses it.
 */
describe('Redis Cluster: multi-key commands stay in one slot', () => {
  let redis: RedisClient;
  const slot = async (key: string) => Number(await redis.call('CLUSTER', 'KEYSLOT', key));

  beforeAll(async () => {
    const target = await isolatedRedis();
    expect(target.kind).toBe('cluster');
    redis = connectRedis(target, 'queue');
  });
  afterAll(() => redis.disconnect());

  it('a MULTI across slots is refused with CROSSSLOT (what this tier exists to catch)', async () => {
    expect(await slot('dcf:agents')).not.toBe(await slot(RUN_INDEX));
    await expect(redis.multi().sadd('dcf:agents', 'a').sadd(RUN_INDEX, 'b').exec()).rejects.toThrow(
      /CROSSSLOT|same slots allocation group/,
    );
  });

  it("run creation's MULTI: the active set lives in the run index's slot", async () => {
    expect(await slot(ACTIVE_RUNS)).toBe(await slot(RUN_INDEX));
    await redis.multi().zadd(RUN_INDEX, 1, 'run-a').sadd(ACTIVE_RUNS, 'run-a').exec();
    expect(await redis.sismember(ACTIVE_RUNS, 'run-a')).toBe(1);
  });

  it('worker agents: created, found through the global index and deleted, on two slots', async () => {
    const agents = new InProcessAgentRuntime(redis, async () => {});
    const agent = await agents.createWorkerAgent({ run_id: 'run-b', state: 'Score', template: 'worker' });
    expect((await agents.getAgent(agent.id))?.state).toBe('Score');
    expect(await agents.deleteAgent(agent.id)).toBe(true);
    expect(await agents.getAgent(agent.id)).toBeNull();
  });

  it("dead letters: moved to and retried from a stream in their source stream's slot", async () => {
    const stream = durableStream('dcf:test:cluster-stream', 'testers', z.object({ n: z.number() }));
    expect(await slot(stream.deadLetters)).toBe(await slot(stream.name));
    await stream.publish(redis, { n: 1 });
    const [entry] = await stream.read(redis, 'c1', 1, 60_000);
    const why = { reason: 'failed' as const, error: 'boom', deliveries: 3, consumer: 'c1' };
    const dead = await deadLetter(redis, stream, { id: entry!.id, raw: entry!.raw }, why);
    expect(dead).not.toBeNull();
    expect(await retryDeadLetter(redis, stream, dead!)).toMatchObject({ retried: true });
    expect(await redis.xlen(stream.deadLetters)).toBe(0);
  });

  it("reads over many runs' keys (the run list, dispatch marks) answer in order across nodes", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `run-${i}`);
    const slots = new Set(await Promise.all(ids.map((id) => slot(runKeys(id).nudges))));
    expect(slots.size).toBeGreaterThan(1);
    await execAcrossSlots(
      redis,
      ids.map((id) => ['sadd', runKeys(id).nudges, `nudge-${id}`]),
    );
    const marks = await execAcrossSlots(
      redis,
      ids.map((id, i) => ['sismember', runKeys(id).nudges, i % 2 ? `nudge-${id}` : 'other']),
    );
    expect(marks.map(([err, v]) => (err ? 'error' : v))).toEqual(ids.map((_, i) => (i % 2 ? 1 : 0)));
  });

  it("the audit anchors' MULTI (one key)", async () => {
    const anchor: AuditAnchor = {
      entryId: 7,
      entryHash: `sha256:${'ab'.repeat(32)}`,
      anchoredAt: '2025-01-01T00:00:00.000Z',
      reason: ANCHOR_REASONS[0],
    };
    await pushRedisAnchor(redis, anchor, 'dcf:test:anchors');
    const read: unknown[] = [];
    for await (const a of redisAnchors(redis, { bad: 0 }, 'dcf:test:anchors')) read.push(a);
    expect(read).toHaveLength(1);
  });
});
