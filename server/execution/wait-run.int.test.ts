import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runChannel, runKeys } from '../controlplane/keys.ts';
import { channelOf } from '../redis/connection.ts';
import { isolatedRedisUrl } from '../testing/test-database.ts';
import { isRunSettled, markRunSettled } from './run-settled.ts';
import { ControlPlane } from '../controlplane/control-plane.ts';
import { runFields } from './run-record.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { waitForRun } from './wait-run.ts';

/**
 * waitForRun on a run that finished but is not settled yet, while its events keep coming: it hears
 * the settlement announced (run-settled.ts) — its timers are fake here and never fire, so a wait that
 * polled for it would not end — and once it has answered it touches Redis no more, however long its
 * timers run on: the caller (`dcf run --wait`) closes its connection straight away, and a wait still
 * polling would fail unhandled and end the process with exit 1 after printing the result.
 */
describe('waitForRun', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(await isolatedRedisUrl(), { maxRetriesPerRequest: 2 });
  });
  afterAll(() => redis.disconnect());
  afterEach(() => vi.useRealTimers());

  it('waits for a finished run to settle, hearing it announced, then leaves Redis alone', async () => {
    const runId = randomUUID();
    await redis.hset(runKeys(runId).run, runFields({ run_id: runId, status: 'SUCCEEDED', output: { ok: true } }));
    let existsBefore = 0;
    let existsAfter = 0;
    let answered = false;
    const counting = new Proxy(redis, {
      get(target, prop, receiver) {
        if (prop === 'exists')
          return (...args: unknown[]) => {
            if (answered) existsAfter++;
            else existsBefore++;
            return (target.exists as (...a: unknown[]) => Promise<number>)(...args);
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    // Only the wait's own timers are faked (its 1 s poll, the settle bound, the timeout); I/O and setImmediate stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const waiting = waitForRun({ redis: counting } as unknown as ExecutionServices, runId, 10_000).then((r) => {
      answered = true;
      return r;
    });
    // Until the wait has seen the finished run and looked once for its settlement (not there yet).
    const tick = () => new Promise((r) => setImmediate(r));
    for (let i = 0; existsBefore === 0 && i < 100_000; i++) await tick();
    expect(existsBefore).toBe(1);
    // The run's events keep arriving while it settles: none of them makes the wait look again.
    for (let i = 0; i < 8; i++) await redis.publish(channelOf(redis, runChannel(runId)), JSON.stringify({ type: 'event', n: i }));
    await markRunSettled(redis, runId);
    const run = await waiting;
    expect(run).toMatchObject({ run_id: runId, status: 'SUCCEEDED', output: { ok: true } });
    expect(existsBefore).toBe(1);
    // Answered: the wait's timers are gone, so however long passes it asks Redis nothing more.
    vi.advanceTimersByTime(60_000);
    for (let i = 0; i < 100; i++) await tick();
    expect(existsAfter).toBe(0);
  });

  it("hears the run end on its status channel: the run's state events do not reach it", async () => {
    const runId = randomUUID();
    await redis.hset(runKeys(runId).run, runFields({ run_id: runId, status: 'RUNNING' }));
    let reads = 0;
    const heard: string[] = [];
    const counting = new Proxy(redis, {
      get(target, prop, receiver) {
        if (prop === 'duplicate')
          return (...args: unknown[]) => {
            const sub = (target.duplicate as (...a: unknown[]) => Redis)(...args);
            sub.on('message', (_channel: string, raw: string) => heard.push(raw));
            return sub;
          };
        if (prop === 'hgetall')
          return (...args: unknown[]) => {
            reads++;
            return (target.hgetall as (...a: unknown[]) => Promise<unknown>)(...args);
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    // No poll: only what the wait hears makes it read the run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const waiting = waitForRun({ redis: counting } as unknown as ExecutionServices, runId, 10_000);
    const tick = () => new Promise((r) => setImmediate(r));
    for (let i = 0; reads === 0 && i < 100_000; i++) await tick();
    const afterSubscribing = reads;
    const cp = new ControlPlane(redis);
    const states = cp.builder(runId).evenWhenFinished();
    for (let i = 0; i < 5; i++) states.state(`S${i}`, { reset: true, note: 'created' });
    await cp.commit(states);
    for (let i = 0; i < 100; i++) await tick();
    expect(reads).toBe(afterSubscribing);
    await cp.commit(
      cp
        .builder(runId)
        .evenWhenFinished()
        .run(runFields({ status: 'SUCCEEDED', output: { done: 1 } })),
    );
    await markRunSettled(redis, runId);
    expect(await waiting).toMatchObject({ run_id: runId, status: 'SUCCEEDED', output: { done: 1 } });
    // The run's status change and its settlement: not its five state events.
    expect(heard.map((raw) => (raw === '1' ? 'settled' : (JSON.parse(raw) as { event: { type: string } }).event.type))).toEqual([
      'run',
      'settled',
    ]);
  });

  it('a run RUNNING again (redriven while its last end was being settled) is not marked settled', async () => {
    const runId = randomUUID();
    await redis.hset(runKeys(runId).run, runFields({ run_id: runId, status: 'RUNNING' }));
    await markRunSettled(redis, runId);
    expect(await isRunSettled(redis, runId)).toBe(false);
    await redis.hset(runKeys(runId).run, runFields({ status: 'FAILED' }));
    await markRunSettled(redis, runId);
    expect(await isRunSettled(redis, runId)).toBe(true);
  });
});
