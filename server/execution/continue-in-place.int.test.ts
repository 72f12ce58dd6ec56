import { afterEach, describe, expect, it } from 'vitest';
import { runKeys } from '../controlplane/keys.ts';
import { Continuation } from './continuation.ts';
import { handleNotification, handleNotificationJob } from './handle-notification.ts';
import { readOutbox } from './notify.ts';
import { readRun } from './run-record.ts';
import { sweep } from './sweeper.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const wide = { maxSteps: 64, maxMs: 600_000 };
/** A chain of Pass states S0 → … → S(n-1). */
const passes = (n: number) =>
  workflowOf({
    StartAt: 'S0',
    States: Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`S${i}`, { Type: 'Pass', ...(i === n - 1 ? { End: true } : { Next: `S${i + 1}` }) }]),
    ),
  });
const queuedIds = async (h: ExecutionHarness) => (await h.x.dispatcher.queue.getJobs(['waiting', 'delayed', 'active'])).map((j) => j.id);

// Nobody consumes the queue in these tests (concurrency 0): each job is handled by the test, as a worker would.
describe('continuing in place (real Redis, BullMQ)', () => {
  it('a run of Tasks and engine steps goes on in the job of its first notification: no job for any later one', async () => {
    h = await executionHarness({}, 0);
    const wf = workflowOf({
      StartAt: 'A',
      States: { A: task('echo', { Next: 'B' }), B: { Type: 'Pass', Next: 'C' }, C: task('echo', { End: true }) },
    });
    const runId = await h.start(wf, { v: 1 });
    const [first] = await readOutbox(h.x, runId);
    await handleNotificationJob(h.x, first!, wide);
    expect(await readRun(h.x.redis, runId)).toMatchObject({ status: 'SUCCEEDED', output: { v: 1 } });
    expect(await queuedIds(h)).toEqual([first!.id]); // the job this test handled itself, and no other
  });

  it('past its step bound a job enqueues the next notification, marked sent and not claimed', async () => {
    h = await executionHarness({}, 0);
    const runId = await h.start(passes(4), {});
    const [first] = await readOutbox(h.x, runId);
    await handleNotificationJob(h.x, first!, { maxSteps: 2, maxMs: 600_000 });
    const [next] = await readOutbox(h.x, runId);
    expect(next).toMatchObject({ instance: 'S2' });
    const k = runKeys(runId);
    expect(await h.x.redis.sismember(k.nudges, next!.id)).toBe(1);
    expect(await h.x.redis.zcard(k.claims)).toBe(0);
    expect(await queuedIds(h)).toEqual(expect.arrayContaining([first!.id, next!.id]));
    expect((await readRun(h.x.redis, runId))?.status).toBe('RUNNING');
  });

  it('the holder dies while continuing: its notification stays claimed in the outbox, the sweeper sends it once the claim has passed', async () => {
    h = await executionHarness({}, 0);
    const runId = await h.start(passes(2), {});
    const [first] = await readOutbox(h.x, runId);
    // The job's process dies right after the commit that chose S1's notification: nobody starts it.
    await handleNotification({ ...h.x, continuation: new Continuation(() => {}, wide) }, first!);
    const [held] = await readOutbox(h.x, runId);
    expect(held).toMatchObject({ instance: 'S1' });
    const k = runKeys(runId);
    expect(await h.x.redis.sismember(k.nudges, held!.id)).toBe(1);
    expect(await h.x.dispatcher.queue.getJob(held!.id)).toBeFalsy();
    // Older than the outbox grace period; its claim (one lease TTL) is live: a live holder would be handling it.
    await h.x.redis.hset(k.outbox, held!.id, JSON.stringify({ ...held, created_at_ms: held!.created_at_ms - 60_000 }));
    expect((await sweep(h.x)).redispatched).toBe(0);
    expect(await h.x.dispatcher.queue.getJob(held!.id)).toBeFalsy();
    // The claim has passed (its holder did not renew it): sent, once.
    await h.x.redis.zadd(k.claims, 1, held!.id);
    expect((await sweep(h.x)).redispatched).toBe(1);
    const job = await h.x.dispatcher.queue.getJob(held!.id);
    expect(await job!.getState()).toBe('waiting');
    await handleNotificationJob(h.x, job!.data, wide);
    expect((await readRun(h.x.redis, runId))?.status).toBe('SUCCEEDED');
  });
});
