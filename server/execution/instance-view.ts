import type { RedisClient } from '../redis/connection.ts';
import { readStoredInstance, readStoredInstances, type StoredInstance } from '../controlplane/instance-read.ts';
import type { EntryRecord } from '../contracts/execution-entries.ts';
import { parseRunFields } from './run-record.ts';
import type { RunRecord } from '../contracts/run-view.ts';
import { loadRunDefinition, type RunDefinition } from './run-definition.ts';
import { baseName } from './instances.ts';
import { RUN_DEADLINE } from './transitions.ts';
import { TakenOnce } from './taken-once.ts';
import type { StateLocation } from '../engine/runtime/index.ts';

/** One state instance with everything a step needs, read in one round trip. */
export interface InstanceView {
  def: RunDefinition;
  run: RunRecord;
  instance: string;
  loc: StateLocation;
  entry: EntryRecord;
  /** A Task's worker agent record, as the run's state index names it, read with the instance (null: none indexed). */
  agentRecord?: string | null;
}

/**
 * Instances read for a notification before its handler starts, by the notification (an outbox
 * entry): the commit that claimed it to continue in place read it (commit-and-dispatch.ts). Taken
 * once; a notification handled again (a retried job) reads afresh.
 */
const prefetched = new TakenOnce<object, StoredInstance>();

export const prefetchInstance = (notification: object, stored: StoredInstance): void => prefetched.give(notification, stored);

/**
 * Reads the instances of a job's notifications of one run in one round trip, for their handlers
 * (takePrefetched): a job carrying several (dispatch-groups.ts) would otherwise read each on its own.
 * Notifications of another run, or not of a state instance (the run's deadline), are left to their
 * handlers.
 */
export async function prefetchInstances(redis: RedisClient, notes: ReadonlyArray<{ run_id: string; instance: string }>): Promise<void> {
  const runId = notes[0]?.run_id;
  const same = notes.filter((n) => n.run_id === runId && n.instance !== RUN_DEADLINE);
  if (!runId || same.length < 2) return;
  const read = await readStoredInstances(
    redis,
    runId,
    same.map((n) => ({ instance: n.instance, state: baseName(n.instance) })),
  );
  same.forEach((n, i) => prefetched.give(n, read[i]!));
}

export const takePrefetched = (notification: object): StoredInstance | undefined => prefetched.take(notification);

/**
 * Loads an instance for a notification, or returns why it must be ignored: the run is gone or
 * finished, the entry is not the current one (stale notification), or the enclosing
 * Parallel/Map moved on (its entry changed or it finished), so this branch is abandoned.
 * `known`: the instance as a commit just read it (takePrefetched), instead of a read.
 */
export async function viewInstance(
  redis: RedisClient,
  runId: string,
  instance: string,
  expectedEntry?: string,
  known?: StoredInstance,
): Promise<InstanceView | { skip: string }> {
  const def = await loadRunDefinition(redis, runId);
  if (!def) return { skip: 'no such run' };
  const loc = def.states.get(baseName(instance));
  if (!loc) return { skip: `no state ${instance}` };
  // One round trip for the run, the entry, its parent's and a Task's worker agent (controlplane/instance-read.ts),
  // or none when the commit that produced the notification read them (`known`: takePrefetched).
  const stored = known ?? (await readStoredInstance(redis, runId, instance, loc.state.Type === 'Task' ? baseName(instance) : ''));
  const parsed = parseRunFields(stored.run);
  if (!parsed) return { skip: 'no such run' };
  // The input is not read with the instance: it never changes, and the definition holds it.
  const run = { ...parsed, input: def.input };
  if (run.status !== 'RUNNING') return { skip: `run is ${run.status}` };
  if (!stored.entry) return { skip: `${instance} was never entered` };
  const entry = JSON.parse(stored.entry) as EntryRecord;
  if (expectedEntry && entry.entry !== expectedEntry) return { skip: `stale notification for ${instance}` };
  if (entry.parent) {
    if (stored.parentEntryId !== entry.parent.entry || stored.parentStatus !== 'running') {
      return { skip: `${instance} belongs to a ${entry.parent.instance} run that is over` };
    }
  }
  return { def, run, instance, loc, entry, agentRecord: stored.agent };
}
