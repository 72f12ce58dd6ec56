import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelOf } from '../../redis/connection.ts';
import { isolatedRedisUrl } from '../../testing/test-database.ts';
import { NoPlanCache, PLAN_ACTIVATED } from './no-plan-cache.ts';

let redis: Redis;
const caches: NoPlanCache[] = [];

beforeAll(async () => {
  redis = new Redis(await isolatedRedisUrl());
});
afterAll(async () => {
  for (const c of caches) await c.close();
  redis.disconnect();
});

/** A cache serving from memory (its subscription confirmed). */
async function servingCache(): Promise<NoPlanCache> {
  const cache = new NoPlanCache(async () => redis);
  caches.push(cache);
  expect(cache.get('agent-a')).toBeUndefined(); // not serving yet: ask Redis (and start listening)
  await expect.poll(() => cache.serving).toBe(true);
  return cache;
}

describe('the no-plan cache (real Redis pub/sub)', () => {
  it('remembers an answer until an activation of that agent is announced, by any process', async () => {
    const cache = await servingCache();
    cache.remember('agent-a', 'none', cache.before());
    cache.remember('agent-b', 'missing', cache.before());
    expect(cache.get('agent-a')).toBe('none');
    expect(cache.get('agent-b')).toBe('missing');
    await redis.publish(channelOf(redis, PLAN_ACTIVATED), 'agent-a');
    await expect.poll(() => cache.get('agent-a')).toBeUndefined();
    expect(cache.get('agent-b')).toBe('missing');
  });

  it('does not remember an answer read while an activation was heard', async () => {
    const cache = await servingCache();
    const epoch = cache.before();
    cache.forget('agent-c'); // an activation (of any agent) heard while the read was in flight
    cache.remember('agent-d', 'none', epoch);
    expect(cache.get('agent-d')).toBeUndefined();
  });

  it('serves nothing from memory while its subscriber is disconnected, and again once it is back', async () => {
    const cache = await servingCache();
    cache.remember('agent-e', 'none', cache.before());
    // Kill this database's subscribers (what a dropped connection looks like to the client).
    const db = redis.options.db ?? 0;
    const list = (await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` db=${db} `))
      .map((line) => /\bid=(\d+)/.exec(line)![1]!);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) await redis.call('CLIENT', 'KILL', 'ID', id);
    await expect.poll(() => cache.get('agent-e')).toBeUndefined();
    await expect.poll(() => cache.serving).toBe(true);
    expect(cache.get('agent-e')).toBeUndefined(); // forgotten: messages may have been lost meanwhile
    cache.remember('agent-e', 'none', cache.before());
    expect(cache.get('agent-e')).toBe('none');
  });
});
