import { randomUUID } from 'node:crypto';
import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import type { Json } from '../engine/runtime/index.ts';
import type { EntryRecord, OutboxEntry } from '../contracts/execution-entries.ts';
import { scopeOf } from './instances.ts';
import { runFields } from './run-record.ts';

/** How a state instance ended, once Retry/Catch have been applied. */
export type Outcome =
  { kind: 'next'; next: string; output: Json } | { kind: 'end'; output: Json } | { kind: 'fail'; error: string; cause: string };

/** A branch's or iteration's report to its Parallel/Map (stored in the parent's join hash). */
export type BranchReport = { entry: string; ok: true; output: Json } | { entry: string; ok: false; error: string; cause: string };

/** The pseudo-instance of a run's deadline notification (the workflow's top-level TimeoutSeconds). */
export const RUN_DEADLINE = '$deadline';

/**
 * The `entry` of a deadline notification names the life of the run it belongs to: `run` for the
 * start, `redrive:<n>` after the n-th redrive (which schedules a new deadline). A deadline of an
 * earlier life finds the run's redrive_count changed and does nothing.
 */
export function deadlineEntry(redriveCount: number): string {
  return redriveCount > 0 ? `redrive:${redriveCount}` : 'run';
}

/**
 * Schedules the state machine's own TimeoutSeconds (when the workflow has one) from now: a
 * delayed notification that ends the run as TIMED_OUT. At the start, and again on a redrive.
 */
export function scheduleRunDeadline(
  c: CommitBuilder,
  workflow: { asl: { TimeoutSeconds?: unknown } },
  redriveCount: number,
): OutboxEntry | null {
  const limitS = workflow.asl.TimeoutSeconds;
  return typeof limitS === 'number' && limitS > 0
    ? addNotification(c, RUN_DEADLINE, deadlineEntry(redriveCount), 'wait_elapsed', Date.now() + limitS * 1000)
    : null;
}

/** The redrive count a deadline notification's entry names (0 for `run`). */
export function deadlineRedriveCount(entry: string): number {
  const m = /^redrive:(\d+)$/.exec(entry);
  return m ? Number(m[1]) : 0;
}

/**
 * Adds a notification to the commit's outbox; it is dispatched after the commit succeeds.
 * `unlessIdle`: written only if that join has work for it (CommitBuilder.outbox).
 */
export function addNotification(
  c: CommitBuilder,
  instance: string,
  entry: string,
  reason: OutboxEntry['reason'],
  dueAtMs = Date.now(),
  unlessIdle?: { join: string; entry: string },
): OutboxEntry {
  const ob: OutboxEntry = { id: randomUUID(), run_id: c.runId, instance, entry, reason, due_at_ms: dueAtMs, created_at_ms: Date.now() };
  c.outbox(ob.id, ob, unlessIdle);
  return ob;
}

/**
 * Enters `instance` with `input`: a fresh entry id (so anything addressed to an earlier entry is
 * stale), the state document reset to pending, a notification. A redrive keeps the instance's
 * `attempts` (its count of work attempts in this run goes on) and notes `redriven`.
 */
export function enterState(
  c: CommitBuilder,
  instance: string,
  input: Json,
  parent: EntryRecord['parent'],
  reason: OutboxEntry['reason'],
  keep: { attempts?: number } = {},
): OutboxEntry {
  const record: EntryRecord = { entry: randomUUID(), input, ...(parent ? { parent } : {}), entered_at: new Date().toISOString() };
  c.hset(c.keys.entries, instance, record);
  c.state(instance, {
    reset: true,
    ...(keep.attempts ? { set: { attempts: keep.attempts } } : {}),
    note: reason === 'redrive' ? 'redriven' : 'entered',
  });
  return addNotification(c, instance, record.entry, reason);
}

/**
 * What follows a finished instance: enter its successor in the same scope, report to the
 * enclosing Parallel/Map, or finish the run when the instance is at top level.
 */
export function applyOutcome(c: CommitBuilder, instance: string, entry: EntryRecord, outcome: Outcome): OutboxEntry[] {
  if (outcome.kind === 'next') return [enterState(c, scopeOf(instance) + outcome.next, outcome.output, entry.parent, 'upstream_done')];
  if (!entry.parent) {
    finishRun(
      c,
      outcome.kind === 'end'
        ? { status: 'SUCCEEDED', output: outcome.output }
        : { status: 'FAILED', error: outcome.error, cause: outcome.cause },
    );
    return [];
  }
  const p = entry.parent;
  const report: BranchReport =
    outcome.kind === 'end'
      ? { entry: p.entry, ok: true, output: outcome.output }
      : { entry: p.entry, ok: false, error: outcome.error, cause: outcome.cause };
  const join = c.keys.join(p.instance);
  c.hset(join, `r:${p.index}`, report);
  c.hincr(join, `${report.ok ? 'done' : 'failed'}:${p.entry}`);
  // A report that leaves a Map's join nothing to do (not the last, no failure, no slot to start an
  // iteration in) gets no notification: the commit script decides on the counters it just moved.
  return [addNotification(c, p.instance, p.entry, 'branch_done', Date.now(), { join, entry: p.entry })];
}

export function finishRun(
  c: CommitBuilder,
  end: { status: 'SUCCEEDED'; output: Json } | { status: 'FAILED' | 'TIMED_OUT' | 'ABORTED'; error: string; cause: string },
): void {
  c.run(
    runFields({
      status: end.status,
      output: end.status === 'SUCCEEDED' ? end.output : null,
      error: end.status === 'SUCCEEDED' ? null : end.error,
      cause: end.status === 'SUCCEEDED' ? null : end.cause,
      finished_at: new Date().toISOString(),
    }),
  );
}
