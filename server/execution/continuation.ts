import type { OutboxEntry } from '../contracts/execution-entries.ts';
import type { JobContinuation } from '../contracts/execution-services.ts';
import { RUN_DEADLINE } from './transitions.ts';

/**
 * Continuing in place (issue 33): the BullMQ job that handles a notification also handles the
 * notification its own commit produced, instead of enqueueing a job for it and waiting for a worker
 * to pick that up — in the spirit of Trigger.dev's run engine, whose worker goes on with a run's
 * next step while it holds the run. One transition of a chain is then its commit and the next
 * handler's reads, not a BullMQ hop (about 29 EVALSHA round trips here).
 *
 * The contract, per job (handle-notification.ts handleNotificationJob):
 *  - before a commit, `choose` picks at most one of the notifications the commit writes: the first
 *    that is due now (not a delayed Retry/Wait, not the run's deadline), when the job is within its
 *    bounds and no other is chosen and not yet committed. The commit claims it (CommitBuilder.claim,
 *    for one lease TTL) and marks it sent like the others; the caller enqueues only the rest
 *    (commit-and-dispatch.ts sendWith, afterCommit);
 *  - after the commit, `accept` (applied, and written: a Map's idle branch_done may be skipped) —
 *    the job starts handling it at once — or `release` (refused);
 *  - the job ends when every notification it started is handled.
 * The job's handlers carry it in their services (ExecutionServices.continuation: a copy of the
 * process's per job), and a Task handed to an in-process worker in its hand-off (task-handoff.ts).
 * Bounds: at most CONTINUE_MAX_STEPS notifications in one job and none chosen once the job has run
 * CONTINUE_MAX_MS, so one run does not keep a worker slot while other runs' jobs wait; past them the
 * next notification is enqueued as before.
 *
 * Crash safety is the outbox's and the leases': the continued notification stays in the run's
 * outbox until its handler removes it; its claim keeps the sweeper from sending it while it is
 * handled (renewed with the lease of the Task that handles it), and once the claim has passed — its
 * holder died — the sweeper sends it (sweeper.ts). Exactly-once state completion stays the fences'.
 */
export const CONTINUE_MAX_STEPS = 64;
export const CONTINUE_MAX_MS = 200;

export type ContinueLimits = { maxSteps: number; maxMs: number };

export class Continuation implements JobContinuation {
  private readonly startedAt = performance.now();
  private steps = 1;
  private chosen?: OutboxEntry;
  private closed = false;

  /** `start`: begins handling a notification in this job (the job waits for every one it started). */
  constructor(
    private readonly start: (n: OutboxEntry) => void,
    private readonly limits: ContinueLimits = { maxSteps: CONTINUE_MAX_STEPS, maxMs: CONTINUE_MAX_MS },
  ) {}

  /** The notification of `notes` to continue in place after the commit about to be made, if any (see above). */
  choose(notes: readonly OutboxEntry[]): OutboxEntry | undefined {
    if (this.closed || this.chosen) return undefined;
    if (this.steps >= this.limits.maxSteps || performance.now() - this.startedAt >= this.limits.maxMs) return undefined;
    const now = Date.now();
    this.chosen = notes.find((n) => n.due_at_ms <= now && n.instance !== RUN_DEADLINE);
    return this.chosen;
  }

  /**
   * The commit that claimed `n` was applied and wrote it: the job starts handling it now, while the
   * handler that made the commit finishes (a worker's plan end, the outbox removal).
   */
  accept(n: OutboxEntry): void {
    if (this.chosen !== n) return;
    this.chosen = undefined;
    this.steps++;
    this.start(n);
  }

  /** The commit that claimed `n` was refused, or did not write it. */
  release(n: OutboxEntry): void {
    if (this.chosen === n) this.chosen = undefined;
  }

  /** Starts handling a notification the job carries (dispatch-groups.ts): it counts toward the job's steps. */
  carry(n: OutboxEntry): void {
    this.steps++;
    this.start(n);
  }

  /** The job is over: nothing more is chosen. */
  close(): void {
    this.closed = true;
    this.chosen = undefined;
  }
}
