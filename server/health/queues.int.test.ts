import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '../redis/client.ts';
import { connectRedis, type RedisClient } from '../redis/connection.ts';
import type { RedisTarget } from '../config-redis.ts';
import { isolatedRedis } from '../testing/test-database.ts';
import { readQueues } from './queues.ts';

/** Queue depths read from real BullMQ queues: waiting, delayed, failed, and the oldest waiting job's age. */
describe('queue depths', () => {
  let target: RedisTarget;
  let redis: RedisClient;
  const open: Array<{ close(): Promise<void> }> = [];
  const prefix = '{dcf-queue-health-test}';
  const catalogue = ['waiting', 'broken', 'idle'].map((name) => ({ name, label: name, worksIt: 'this test' }));
  const queue = (name: string) => {
    const q = new Queue(name, { connection: connectRedis(target, 'queue'), prefix });
    open.push(q);
    return q;
  };
  beforeAll(async () => {
    target = await isolatedRedis();
    redis = createRedis(target);
  });
  afterAll(async () => {
    for (const q of open) await q.close();
    redis.disconnect();
  });

  it('counts waiting and delayed jobs and dates the oldest waiting one from when it became ready', async () => {
    const q = queue('waiting');
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    await q.add('old', {}, { timestamp: tenMinutesAgo });
    await q.add('new', {});
    await q.add('later', {}, { delay: 3_600_000 });
    const row = (await readQueues(redis, { prefix, queues: catalogue })).find((r) => r.name === 'waiting')!;
    expect(row).toMatchObject({ waiting: 2, active: 0, delayed: 1, failed: 0 });
    expect(row.oldestWaitingSince).toBe(new Date(tenMinutesAgo).toISOString());
    expect(row.oldestWaitingAgeS).toBeGreaterThanOrEqual(600);
  });

  it('counts a job that used up its attempts as failed, and an empty queue as empty', async () => {
    const q = queue('broken');
    await q.add('doomed', {}, { attempts: 1 });
    const worker = new Worker(
      'broken',
      async () => {
        throw new Error('boom');
      },
      { connection: connectRedis(target, 'queue'), prefix },
    );
    open.push(worker);
    await new Promise<void>((resolve) => worker.once('failed', () => resolve()));
    await worker.close();
    const rows = await readQueues(redis, { prefix, queues: catalogue });
    expect(rows.find((r) => r.name === 'broken')).toMatchObject({ waiting: 0, active: 0, delayed: 0, failed: 1, oldestWaitingSince: null });
    expect(rows.find((r) => r.name === 'idle')).toMatchObject({ waiting: 0, active: 0, delayed: 0, failed: 0, oldestWaitingAgeS: null });
  });

  it('reads the console’s own queues by default', async () => {
    const rows = await readQueues(redis);
    expect(rows.map((r) => r.name)).toContain('notifications');
    expect(rows.every((r) => r.waiting === 0 && r.failed === 0)).toBe(true);
  });
});
