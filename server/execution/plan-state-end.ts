import { randomUUID } from 'node:crypto';
import type { CommitBuilder } from '../controlplane/commit-builder.ts';
import { decideCatch, decideRetry, nextOrEnd, type Json } from '../engine/runtime/index.ts';
import type { EntryRecord, OutboxEntry } from '../contracts/execution-entries.ts';
import type { InstanceView } from './instance-view.ts';
import { addNotification, applyOutcome } from './transitions.ts';

const now = () => new Date().toISOString();

/** A state finished with `output` (after ResultSelector/ResultPath/OutputPath): done, then its successor. */
export function planSuccess(c: CommitBuilder, v: InstanceView, output: Json): OutboxEntry[] {
  c.state(v.instance, { set: { status: 'done', finished_at: now() }, release: true, note: 'done' });
  const entry: EntryRecord = { ...v.entry, output };
  c.hset(c.keys.entries, v.instance, entry);
  const step = v.loc.state.Type === 'Succeed' ? { end: true as const } : nextOrEnd(v.loc.state);
  return applyOutcome(c, v.instance, entry, 'next' in step ? { kind: 'next', next: step.next, output } : { kind: 'end', output });
}

/**
 * A state failed with an ASL error. Its Retry policy is consulted first (the state stays
 * `running`, the lease is released and a delayed notification wakes it after the back-off),
 * then its Catch (the state is `failed` and the catcher's Next is entered with the error
 * output), else the failure goes to the enclosing Parallel/Map or ends the run.
 */
export function planFailure(
  c: CommitBuilder,
  v: InstanceView,
  failure: { error: string; cause: string },
  random?: () => number,
): OutboxEntry[] {
  const lastError = failure.cause ? `${failure.error}: ${failure.cause}` : failure.error;
  const isFork = v.loc.state.Type === 'Parallel' || v.loc.state.Type === 'Map';
  const retry = decideRetry(v.loc.state, failure.error, v.entry.retry_counts ?? [], random);
  if (retry.retry) {
    // A Parallel/Map retry runs all its branches again: a new entry id orphans the old ones.
    const entry: EntryRecord = { ...v.entry, retry_counts: retry.retryCounts, ...(isFork ? { entry: randomUUID() } : {}) };
    c.hset(c.keys.entries, v.instance, entry);
    c.state(v.instance, { set: { last_error: lastError }, release: true, note: `retry in ${retry.delayMs} ms` });
    return [addNotification(c, v.instance, entry.entry, 'retry', Date.now() + retry.delayMs)];
  }
  const caught = decideCatch(v.loc.state, v.entry.input, failure);
  c.state(v.instance, {
    set: { status: 'failed', last_error: lastError, finished_at: now() },
    release: true,
    note: caught ? `caught → ${caught.next}` : 'failed',
  });
  if (!caught) return applyOutcome(c, v.instance, v.entry, { kind: 'fail', error: failure.error, cause: failure.cause });
  const entry: EntryRecord = { ...v.entry, output: caught.output };
  c.hset(c.keys.entries, v.instance, entry);
  return applyOutcome(c, v.instance, entry, { kind: 'next', next: caught.next, output: caught.output });
}
