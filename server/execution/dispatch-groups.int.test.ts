import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { runKeys } from '../controlplane/keys.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { GROUP_MAX, notificationsOf, type JobNotifications } from './dispatch-groups.ts';
import { handleNotification, handleNotificationJob } from './handle-notification.ts';
import { readOutbox } from './notify.ts';
import { readRun } from './run-record.ts';
import { sweep } from './sweeper.ts';
import { executionHarness, workflowOf, type ExecutionHarness } from './testing/harness.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const wide = { maxSteps: 64, maxMs: 600_000 };
const ITEMS = 2 * GROUP_MAX + 4;
const mapOfPasses = workflowOf({
  StartAt: 'M',
  States: {
    M: { Type: 'Map', ItemsPath: '$.items', ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } }, End: true },
  },
});
const items = Array.from({ length: ITEMS }, (_, i) => ({ n: i }));

/** The queued jobs that carry notifications besides `except` (the one the test handled itself). */
async function carriers(h: ExecutionHarness, except: string): Promise<Array<Job<JobNotifications>>> {
  const jobs = (await h.x.dispatcher.queue.getJobs(['waiting'])) as Array<Job<JobNotifications>>;
  return jobs.filter((j) => j.id !== except).sort((a, b) => a.data.instance.localeCompare(b.data.instance, 'en', { numeric: true }));
}
/** Handles the queued jobs not handled yet (a report to the Map that a concurrent handler could not continue in place) until none is left. */
async function drain(h: ExecutionHarness, handled: Set<string>): Promise<void> {
  for (;;) {
    const next = (await h.x.dispatcher.queue.getJobs(['waiting'])).find((j) => !handled.has(j.id!));
    if (!next) return;
    handled.add(next.id!);
    await handleNotificationJob(h.x, next.data as JobNotifications, wide);
  }
}
/** Outbox entries older than the sweeper's grace period, as after a wait. */
async function age(h: ExecutionHarness, runId: string, entries: OutboxEntry[]): Promise<void> {
  for (const e of entries)
    await h.x.redis.hset(runKeys(runId).outbox, e.id, JSON.stringify({ ...e, created_at_ms: e.created_at_ms - 60_000 }));
}

// Nobody consumes the queue (concurrency 0): the test handles each job as a worker would.
describe('notifications carried several to a job (real Redis, BullMQ)', () => {
  it('a Map batch’s iterations go GROUP_MAX to a job, each carried entry naming its job; the sweeper leaves them be; the jobs finish the run', async () => {
    h = await executionHarness({}, 0);
    const runId = await h.start(mapOfPasses, { items });
    const [first] = await readOutbox(h.x, runId);
    // The Map forks: iteration 0 continues in place, the other ITEMS - 1 are queued.
    await handleNotificationJob(h.x, first!, wide);
    const jobs = await carriers(h, first!.id);
    expect(jobs.map((j) => (j.data.carried?.length ?? 0) + 1)).toEqual([GROUP_MAX, GROUP_MAX, ITEMS - 1 - 2 * GROUP_MAX]);
    const outbox = await readOutbox(h.x, runId);
    expect(outbox).toHaveLength(ITEMS - 1);
    for (const j of jobs) {
      for (const c of j.data.carried!) expect(outbox.find((e) => e.id === c.id)?.job).toBe(j.id);
      expect(outbox.find((e) => e.id === j.id)?.job).toBeUndefined();
    }
    await age(h, runId, outbox);
    expect((await sweep(h.x)).redispatched).toBe(0);
    await drain(h, new Set([first!.id]));
    expect(await readRun(h.x.redis, runId)).toMatchObject({ status: 'SUCCEEDED', output: items });
    expect(await readOutbox(h.x, runId)).toEqual([]);
  });

  it('the holder dies mid-batch: its job, re-delivered, handles what it carries; a job never enqueued is sent by the sweeper', async () => {
    h = await executionHarness({}, 0);
    const runId = await h.start(mapOfPasses, { items });
    const [first] = await readOutbox(h.x, runId);
    await handleNotificationJob(h.x, first!, wide);
    const [died, lost, rest] = await carriers(h, first!.id);
    // The first job's holder handles its first notification and dies before the ones it carries.
    await handleNotification(h.x, notificationsOf(died!.data).first);
    // The second job was never enqueued: the process died between the commit and the enqueue.
    await lost!.remove();
    const outbox = await readOutbox(h.x, runId);
    await age(h, runId, outbox);
    const k = runKeys(runId);
    for (const e of outbox) expect(await h.x.redis.sismember(k.nudges, e.id)).toBe(1);
    // The dead holder's job is still there (BullMQ re-delivers a stalled job): left alone. The lost one: sent, carried as before.
    expect((await sweep(h.x)).redispatched).toBe(GROUP_MAX);
    const resent = (await h.x.dispatcher.queue.getJob(lost!.id!)) as Job<JobNotifications>;
    expect(resent.data.carried?.map((e) => e.id).sort()).toEqual(lost!.data.carried!.map((e) => e.id).sort());
    expect(await h.x.dispatcher.queue.getJob(died!.data.carried![0]!.id)).toBeFalsy();
    // Re-delivered: the notification handled already is dropped (its state is done), the carried ones run.
    await handleNotificationJob(h.x, died!.data, wide);
    await drain(h, new Set([first!.id, died!.id!]));
    expect(rest).toBeTruthy();
    expect(await readRun(h.x.redis, runId)).toMatchObject({ status: 'SUCCEEDED', output: items });
    expect(await readOutbox(h.x, runId)).toEqual([]);
  });
});
