import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { readStoredPlan, type StoredActivePlan } from '../store/plan-store.ts';
import type { ActivePlan } from './active-plan.ts';
import { restoredPlan } from './restore.ts';

/**
 * The records of a plan other consoles made, for the console that ends it (issue 32): its end
 * checks must judge every call, not only its own. `numbered` is how many seqs Redis gave out for
 * the plan; the store is read until it holds that many records or `settleMs` has passed (another
 * console writes its records in batches, PROCESS_FLUSH_DELAY_MS apart, and a call still running
 * there is written when it ends), then the records this console lacks are merged in by seq.
 */
export async function gatherRecords(a: ActivePlan, numbered: number, db: Db, settleMs: number, pollMs = 25): Promise<void> {
  if (a.records.length >= numbered) return;
  const deadline = performance.now() + settleMs;
  let stored: StoredActivePlan | null = await readStoredPlan(db, a.plan.planId);
  while (stored && stored.records.length < numbered && performance.now() < deadline) {
    await sleep(pollMs);
    stored = await readStoredPlan(db, a.plan.planId);
  }
  if (stored) mergeStored(a, stored);
}

/** Adds the stored records (and their skill-choice evidence and finding keys) `a` does not hold, in seq order. */
export function mergeStored(a: ActivePlan, stored: StoredActivePlan): void {
  const held = new Set(a.records.map((c) => c.seq));
  const theirs = restoredPlan({ ...stored, plan: a.plan });
  const missing = theirs.records.filter((c) => !held.has(c.seq));
  if (!missing.length && stored.findingKeys.every((k) => a.findingKeys.has(k))) return;
  a.records.push(...missing);
  a.records.sort((x, y) => x.seq - y.seq);
  for (const c of missing) a.choices.push(...c.choices);
  for (const k of stored.findingKeys) a.findingKeys.add(k);
  for (const k of theirs.consulted) a.consulted.add(k);
}
