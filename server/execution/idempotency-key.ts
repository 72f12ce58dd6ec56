import { createHash } from 'node:crypto';
import type { EntryRecord } from '../contracts/execution-entries.ts';

/**
 * The idempotency key of a Task's skill calls. Task work is at-least-once: a worker that dies
 * after its skill call and before its commit leaves the state to be run again by another worker.
 * Every skill call carries this key so a skill with side effects can recognise the repeat.
 *
 * The key names one *attempt* of one *visit* of a state instance:
 *  - run id and state instance (`Map[3]/Charge`);
 *  - the entry id: a new visit (a loop back to the state, a redrive, a Parallel/Map retry) is a
 *    new entry and must not look like a repeat of the last visit;
 *  - the ASL attempt, 1 + the Retries taken (`retry_counts`): a Retry after a failure is a new
 *    attempt and gets a new key.
 * It deliberately leaves out the state document's `attempts`, which also counts every lease
 * take-over (a worker died) and skill swap: a re-run of the same attempt after a crash must carry
 * the same key. Skills swapped within an attempt share it (they are different services).
 */
export function idempotencyKey(runId: string, instance: string, entry: Pick<EntryRecord, 'entry' | 'retry_counts'>): string {
  const parts = JSON.stringify([runId, instance, entry.entry, aslAttempt(entry)]);
  return `dcf-${createHash('sha256').update(parts).digest('hex').slice(0, 40)}`;
}

/** The attempt of a state visit in the ASL sense: 1, plus one per Retry taken (by any retrier). */
export function aslAttempt(entry: Pick<EntryRecord, 'retry_counts'>): number {
  return 1 + (entry.retry_counts ?? []).reduce((a, b) => a + b, 0);
}
