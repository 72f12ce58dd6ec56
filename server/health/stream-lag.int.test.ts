import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, pingRedis } from '../redis/client.ts';
import type { RedisClient } from '../redis/connection.ts';
import { isolatedRedis } from '../testing/test-database.ts';
import { readStreamLag } from './stream-lag.ts';

/** A durable stream's lag per consumer group, pending entries and dead letters, read from a real Redis stream. */
describe('stream lag', () => {
  let redis: RedisClient;
  const stream = { name: '{health-test}:results', group: 'owner', deadLetters: '{health-test}:results:dead' };
  beforeAll(async () => {
    redis = createRedis(await isolatedRedis());
    await pingRedis(redis);
  });
  afterAll(() => redis.disconnect());

  it('reads how far each group is behind, what it has not acknowledged since when, and the dead letters', async () => {
    await redis.xgroup('CREATE', stream.name, stream.group, '0', 'MKSTREAM');
    const t0 = Date.now() - 120_000;
    for (let i = 0; i < 5; i++) await redis.xadd(stream.name, `${t0 + i * 1000}-0`, 'm', `{"n":${i}}`);
    // The consumer reads two entries and acknowledges the first: one pending (added at t0 + 1 s), three unread.
    const read = (await redis.xreadgroup('GROUP', stream.group, 'consolidator', 'COUNT', 2, 'STREAMS', stream.name, '>')) as Array<
      [string, Array<[string, string[]]>]
    >;
    await redis.xack(stream.name, stream.group, read[0]![1][0]![0]);
    await redis.xadd(stream.deadLetters, '*', 'reason', 'malformed');
    const [lag] = await readStreamLag(redis, [{ label: 'Results', stream }]);
    expect(lag).toEqual({
      stream: stream.name,
      label: 'Results',
      length: 5,
      deadLetters: 1,
      groups: [{ group: 'owner', consumers: 1, lag: 3, pending: 1, oldestPendingSince: new Date(t0 + 1000).toISOString() }],
    });
  });

  it('reads a stream nothing was published to as empty, with no group', async () => {
    const none = { name: '{health-test}:none', group: 'owner', deadLetters: '{health-test}:none:dead' };
    expect(await readStreamLag(redis, [{ label: 'None', stream: none }])).toEqual([
      { stream: none.name, label: 'None', length: 0, deadLetters: 0, groups: [] },
    ]);
  });
});
