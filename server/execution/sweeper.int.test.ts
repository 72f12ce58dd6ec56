import { Worker } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { runKeys } from '../controlplane/keys.ts';
import { readOutbox } from './notify.ts';
import { sweep } from './sweeper.ts';
import { QUEUE_NAME, QUEUE_PREFIX, queueConnection } from './dispatcher.ts';
import { executionHarness, workflowOf, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the sweeper and the outbox (real Redis, BullMQ)', () => {
  it('leaves a queued notification alone, sends one nobody sent or whose job is gone, and drops one whose job completed', async () => {
    h = await executionHarness({}, 0); // nobody consumes: the notification stays queued
    const x = h.x;
    const runId = await h.start(workflowOf({ StartAt: 'P', States: { P: { Type: 'Pass', End: true } } }), {});
    const [e] = await readOutbox(x, runId);
    const k = runKeys(runId);
    // Older than the grace period, as after a crash between commit and dispatch.
    await x.redis.hset(k.outbox, e!.id, JSON.stringify({ ...e, created_at_ms: e!.created_at_ms - 60_000 }));
    expect((await sweep(x)).redispatched).toBe(0);
    expect(await x.dispatcher.queue.getJob(e!.id)).toBeTruthy();

    await x.redis.srem(k.nudges, e!.id);
    await (await x.dispatcher.queue.getJob(e!.id))!.remove();
    expect((await sweep(x)).redispatched).toBe(1);
    expect(await x.redis.sismember(k.nudges, e!.id)).toBe(1);
    expect(await (await x.dispatcher.queue.getJob(e!.id))!.getState()).toBe('waiting');

    // Marked sent by its commit but never enqueued (a crash between the two, CommitBuilder.markSent): sent again.
    await (await x.dispatcher.queue.getJob(e!.id))!.remove();
    expect((await sweep(x)).redispatched).toBe(1);
    expect(await (await x.dispatcher.queue.getJob(e!.id))!.getState()).toBe('waiting');

    // Its job completed (a handled notification's entry is normally gone by then): the entry is dropped.
    const connection = queueConnection(h.redis);
    const consumer = new Worker(QUEUE_NAME, null, { connection, prefix: QUEUE_PREFIX });
    const job = await consumer.getNextJob('sweeper-test');
    expect(job?.id).toBe(e!.id);
    await job!.moveToCompleted('handled', 'sweeper-test', false);
    expect((await sweep(x)).redispatched).toBe(0);
    expect(await x.redis.hexists(k.outbox, e!.id)).toBe(0);
    await consumer.close();
    connection.disconnect();
  });
});
