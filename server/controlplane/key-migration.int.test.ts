import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisClient } from '../redis/connection.ts';
import { deadLettersOf } from '../redis/durable-stream.ts';
import { isolatedRedis } from '../testing/test-database.ts';
import { ACTIVE_RUNS, LEGACY_ACTIVE_RUNS } from './keys.ts';
import { migrateSlotKeys } from './key-migration.ts';

/** A single-node Redis written by a version before issue 32 keeps its runs and dead letters after the key renames. */
describe('slot key migration on a single-node Redis', () => {
  let redis: RedisClient;
  beforeAll(async () => {
    redis = connectRedis(await isolatedRedis(), 'queue');
  });
  afterAll(() => redis.disconnect());

  it('moves the old active set and dead letters into their new names, merging with entries already there; twice is a no-op', async () => {
    await redis.sadd(LEGACY_ACTIVE_RUNS, 'run-old-1', 'run-old-2');
    await redis.sadd(ACTIVE_RUNS, 'run-new');
    await redis.xadd('s1:dead', '*', 'reason', 'failed', 'payload', '{"n":1}');
    await redis.xadd('s2:dead', '*', 'reason', 'malformed');
    await redis.xadd(deadLettersOf('s2'), '*', 'reason', 'failed');
    for (let i = 0; i < 2; i++) await migrateSlotKeys(redis, ['s1', 's2', 's3']);
    expect((await redis.smembers(ACTIVE_RUNS)).sort()).toEqual(['run-new', 'run-old-1', 'run-old-2']);
    expect(await redis.exists(LEGACY_ACTIVE_RUNS, 's1:dead', 's2:dead', 's3:dead', deadLettersOf('s3'))).toBe(0);
    const s1 = await redis.xrange(deadLettersOf('s1'), '-', '+');
    expect(s1.map(([, f]) => f)).toEqual([['reason', 'failed', 'payload', '{"n":1}']]);
    const s2 = await redis.xrange(deadLettersOf('s2'), '-', '+');
    expect(s2.map(([, f]) => f)).toEqual([
      ['reason', 'failed'],
      ['reason', 'malformed'],
    ]);
  });
});
