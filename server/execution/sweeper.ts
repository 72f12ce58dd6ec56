import { ACTIVE_RUNS, runKeys } from '../controlplane/keys.ts';
import { leaveActiveRuns } from './active-runs.ts';
import { readOutbox } from './notify.ts';
import type { OutboxEntry } from '../contracts/execution-entries.ts';
import { readRun } from './run-record.ts';
import { addNotification } from './transitions.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** How long a queued notification may wait for its agent's notify call before the sweeper sends it. */
export const OUTBOX_GRACE_MS = 5_000;
/** Sent notifications whose job a sweep looks at, per run (oldest first). */
const SENT_CHECKS_PER_SWEEP = 200;

/**
 * One sweep over the active runs (run by a BullMQ job scheduler, one at a time cluster-wide):
 *  - reclaims leases whose TTL passed (the holder died or hung) and re-notifies the state
 *    (`lease_expired`), so a new attempt starts;
 *  - sends outbox notifications nobody sent (a crash between commit and dispatch, or an agent
 *    that did not call notify, or a worker that died while continuing one in place once its claim
 *    passed) and drops entries whose job has finished;
 *  - drops runs that are over from the active set.
 */
export async function sweep(x: ExecutionServices): Promise<{ reclaimed: string[]; redispatched: number }> {
  const reclaimed: string[] = [];
  let redispatched = 0;
  for (const runId of await x.redis.smembers(ACTIVE_RUNS)) {
    const run = await readRun(x.redis, runId);
    if (!run || run.status !== 'RUNNING') {
      await leaveActiveRuns(x.redis, runId);
      continue;
    }
    for (const instance of await x.cp.expiredLeases(runId)) {
      const token = await x.cp.reclaimLease(runId, instance);
      if (!token) continue;
      const entryRaw = await x.redis.hget(runKeys(runId).entries, instance);
      if (!entryRaw) continue;
      const c = x.cp.builder(runId);
      const note = addNotification(c, instance, (JSON.parse(entryRaw) as { entry: string }).entry, 'lease_expired');
      if ((await x.cp.commit(c.markSent([note.id]))).ok) await x.dispatcher.dispatch([note], { fresh: true });
      reclaimed.push(`${runId}/${instance}`);
      x.log.warn({ run_id: runId, instance, token }, 'lease expired; state re-notified');
    }
    redispatched += await resendOutbox(x, runId);
  }
  return { reclaimed, redispatched };
}

async function resendOutbox(x: ExecutionServices, runId: string): Promise<number> {
  const now = Date.now();
  const stale = (await readOutbox(x, runId)).filter((e) => e.created_at_ms < now - OUTBOX_GRACE_MS);
  if (stale.length === 0) return 0;
  const nudges = runKeys(runId).nudges;
  const marks = await x.redis.pipeline(stale.map((e) => ['sismember', nudges, e.id])).exec();
  const send = stale.filter((_, i) => marks?.[i]?.[1] !== 1);
  // Sent ones still in the outbox are queued, running or failed — or never enqueued: a commit marks
  // the notifications its caller enqueues right after it (CommitBuilder.markSent), so a crash in
  // between leaves a marked entry with no job — or continued in place (continuation.ts): the job
  // that made the commit handles it without a job of its own, under a claim (CommitBuilder.claim)
  // renewed with the lease of the Task that handles it. A handled notification's entry is removed
  // before its job completes (handle-notification.ts), so an entry whose job is missing was never
  // handled: it is sent again unless its claim is live (its holder is handling it; once the claim
  // has passed, the holder is dead or hung). Its job id is its nudge id, so at most one job runs it;
  // the lease and the entry-id check drop it if its state has moved on. Look at a bounded number of
  // the oldest per sweep (a large Map can have thousands queued; the sweep runs every TTL/10).
  const sentOnes = stale.filter((_, i) => marks?.[i]?.[1] === 1).slice(0, SENT_CHECKS_PER_SWEEP);
  const claimed = sentOnes.length ? await x.cp.liveClaims(runId) : new Set<string>();
  const unqueued: OutboxEntry[] = [];
  for (const e of sentOnes) {
    // Its own job if it has one (a carried one whose handler threw is enqueued alone), else its carrier's (dispatch-groups.ts).
    const job = (await x.dispatcher.queue.getJob(e.id)) ?? (e.job ? await x.dispatcher.queue.getJob(e.job) : undefined);
    const state = job ? await job.getState() : 'missing';
    if (state === 'completed') await x.cp.outboxDone(runId, e.id);
    else if (state === 'missing' && !claimed.has(e.id)) unqueued.push(e);
    else if (state === 'failed') await job!.retry();
  }
  await x.dispatcher.dispatch(send);
  await x.dispatcher.dispatch(unqueued, { fresh: true });
  return send.length + unqueued.length;
}
