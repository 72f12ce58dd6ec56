import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { createRedis, pingRedis } from '../redis/client.ts';
import type { RedisClient } from '../redis/connection.ts';
import { isolatedRedis } from '../testing/test-database.ts';
import { beat, startWorkerHeartbeat, WORKER_INDEX, workerKey, type WorkerRegistration } from './worker-heartbeat.ts';
import { readWorkers } from './workers.ts';

/** Workers' heartbeats on a real Redis: registration, what the page reads, and a worker that died or is late. */
describe('worker heartbeats', () => {
  let redis: RedisClient;
  beforeAll(async () => {
    redis = createRedis(await isolatedRedis());
    await pingRedis(redis);
  });
  afterAll(() => redis.disconnect());

  const worker = (id: string, active = 0): WorkerRegistration => ({ id, kind: 'dcf worker', concurrency: 4, activeTasks: () => active });

  it('registers a worker with what it is and holds, on Redis’s clock, and removes it when it stops', async () => {
    let inFlight = 2;
    const hb = startWorkerHeartbeat(redis, { id: 'engine@a:1', kind: 'console', concurrency: 8, activeTasks: () => inFlight });
    await expect.poll(async () => (await readWorkers(redis)).workers.length).toBe(1);
    const read = await readWorkers(redis);
    expect(read.workers[0]).toMatchObject({
      id: 'engine@a:1',
      state: 'alive',
      kind: 'console',
      host: hostname(),
      pid: process.pid,
      concurrency: 8,
      activeTasks: 2,
    });
    expect(read.workers[0]!.sinceBeatS).toBeLessThanOrEqual(1);
    expect(Math.abs(Date.parse(read.readAt) - Date.parse(read.workers[0]!.lastBeatAt))).toBeLessThan(5_000);
    // The hash expires unless beaten again within three beats.
    expect(await redis.pttl(workerKey('engine@a:1'))).toBeGreaterThan(20_000);
    inFlight = 0;
    await hb.stop();
    expect((await readWorkers(redis)).workers).toEqual([]);
  });

  it('shows a worker whose registration expired as stopped, and one that beat long ago as late, problems first', async () => {
    await beat(redis, worker('engine@b:2', 1), new Date());
    await beat(redis, worker('engine@c:3'), new Date());
    await beat(redis, worker('engine@d:4'), new Date());
    // b died: its hash expired (as its TTL would make it), the index keeps its last beat.
    await redis.del(workerKey('engine@b:2'));
    // c's last beat was 25 s ago (a held event loop): still registered, late.
    const old = Number(await redis.hget(workerKey('engine@c:3'), 'last_beat_ms')) - 25_000;
    await redis.hset(workerKey('engine@c:3'), 'last_beat_ms', String(old));
    await redis.zadd(WORKER_INDEX, old, 'engine@c:3');
    const read = await readWorkers(redis);
    expect(read.workers.map((w) => [w.id, w.state])).toEqual([
      ['engine@b:2', 'stopped'],
      ['engine@c:3', 'late'],
      ['engine@d:4', 'alive'],
    ]);
    expect(read.workers[0]).toMatchObject({ kind: null, host: null, concurrency: null, activeTasks: null });
    expect(read.workers[1]!.sinceBeatS).toBeGreaterThanOrEqual(25);
    expect(read.lateAfterS).toBe(20);
  });
});
