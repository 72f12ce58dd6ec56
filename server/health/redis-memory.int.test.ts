import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, pingRedis } from '../redis/client.ts';
import type { RedisClient } from '../redis/connection.ts';
import { isolatedRedis } from '../testing/test-database.ts';
import { parseInfo, readRedisMemory } from './redis-memory.ts';

/** Redis memory from INFO memory of the test server, or of every master of the test cluster (int-cluster). */
describe('Redis memory', () => {
  let redis: RedisClient;
  beforeAll(async () => {
    redis = createRedis(await isolatedRedis());
    await pingRedis(redis);
  });
  afterAll(() => redis.disconnect());

  it('reads used, peak, the limit and fragmentation of each server as INFO states them', async () => {
    const rows = await readRedisMemory(redis);
    const masters = redis instanceof Cluster ? redis.nodes('master') : [redis];
    expect(rows).toHaveLength(masters.length);
    for (const row of rows) {
      const node = masters.find((m) => `${m.options.host ?? 'localhost'}:${m.options.port ?? 6379}` === row.node);
      expect(node, row.node).toBeDefined();
      const info = parseInfo(await node!.info('memory'));
      expect(row.usedBytes).toBeGreaterThan(0);
      // The peak only grows: what was read first is at most what INFO says now.
      expect(row.peakBytes).toBeGreaterThan(0);
      expect(row.peakBytes).toBeLessThanOrEqual(Number(info.get('used_memory_peak')));
      expect(row.maxBytes).toBe(Number(info.get('maxmemory')) > 0 ? Number(info.get('maxmemory')) : null);
      expect(row.policy).toBe(info.get('maxmemory_policy'));
      expect(row.fragmentation).toBeGreaterThan(0);
    }
  });

  it('parses INFO text: key:value lines, section headers skipped', () => {
    const m = parseInfo('# Memory\r\nused_memory:1024\r\nmaxmemory_policy:noeviction\r\n\r\n');
    expect([...m]).toEqual([
      ['used_memory', '1024'],
      ['maxmemory_policy', 'noeviction'],
    ]);
  });
});
