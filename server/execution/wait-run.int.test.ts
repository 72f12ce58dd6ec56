import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChannel, runKeys } from '../controlplane/keys.ts';
import { channelOf } from '../redis/connection.ts';
import { isolatedRedisUrl } from '../testing/test-database.ts';
import { markRunSettled } from './run-settled.ts';
import { runFields } from './run-record.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { waitForRun } from './wait-run.ts';

/**
 * waitForRun on a run that finished but is not settled yet, while its events keep coming: it
 * waits for the settlement once, and once it has answered it touches Redis no more — the caller
 * (`dcf run --wait`) closes its connection straight away, and a wait still polling would fail
 * unhandled and end the process with exit 1 after printing the result.
 */
describe('waitForRun', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(await isolatedRedisUrl(), { maxRetriesPerRequest: 2 });
  });
  afterAll(() => redis.disconnect());

  it('waits for a finished run to settle, hearing it announced, then leaves Redis alone', async () => {
    const runId = randomUUID();
    await redis.hset(runKeys(runId).run, runFields({ run_id: runId, status: 'SUCCEEDED', output: { ok: true } }));
    const exists: number[] = [];
    let existsBefore = 0;
    let answered = false;
    const counting = new Proxy(redis, {
      get(target, prop, receiver) {
        if (prop === 'exists')
          return (...args: unknown[]) => {
            if (answered) exists.push(Date.now());
            else existsBefore++;
            return (target.exists as (...a: unknown[]) => Promise<number>)(...args);
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const waiting = waitForRun({ redis: counting } as unknown as ExecutionServices, runId, 10_000).then((r) => {
      answered = true;
      return r;
    });
    // The run's events keep arriving while it settles: each one makes the waiter read the run again.
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 40));
      await redis.publish(channelOf(redis, runChannel(runId)), JSON.stringify({ type: 'event', n: i }));
    }
    await markRunSettled(redis, runId);
    const run = await waiting;
    expect(run).toMatchObject({ run_id: runId, status: 'SUCCEEDED', output: { ok: true } });
    // The settlement is heard (run-settled.ts announces it), not polled for: one look when the end was seen, and the
    // once-a-second poll's at most (it polled every 50 ms, up to 3 s, and a finished run's wait took up to 50 ms more).
    expect(existsBefore).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(exists).toEqual([]);
  });
});
