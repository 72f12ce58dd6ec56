import type { RedisClient } from '../redis/connection.ts';
import { runKeys } from './keys.ts';
import { READ_INSTANCE_LUA, READ_INSTANCES_LUA } from './lua/read-instance.ts';

/**
 * One state instance as stored: the run hash without `input` (lua/read-instance.ts), its entry and,
 * for a branch or iteration, its parent's current entry id and status; and, when asked for a
 * state's, its worker agent's record by the run's state index (null: the index names none —
 * another agent platform, or a run from before the index).
 */
export interface StoredInstance {
  run: Record<string, string>;
  entry: string | null;
  parentEntryId: string | null;
  parentStatus: string | null;
  agent: string | null;
}

type Reader = {
  dcfReadInstance(...args: string[]): Promise<[string[], string | null, string | null, string | null, string | null]>;
  dcfReadInstances(...args: string[]): Promise<StoredInstanceReply[]>;
};
const DEFINED = Symbol.for('dcf.controlplane.read-instance');

/**
 * Reads an instance in one round trip (lua/read-instance.ts); all keys are the run's, so one Cluster
 * slot. `agentOf`: a Task's state name, whose worker agent record is read in the same trip.
 */
export async function readStoredInstance(redis: RedisClient, runId: string, instance: string, agentOf = ''): Promise<StoredInstance> {
  const r = reader(redis);
  const k = runKeys(runId);
  const [flat, entry, parentEntryId, parentStatus, agent] = await r.dcfReadInstance(
    k.run,
    k.entries,
    k.states,
    k.agentStates,
    k.agents,
    instance,
    agentOf,
  );
  return storedInstanceOf([flat, entry, parentEntryId, parentStatus, agent]);
}

/**
 * Several instances of one run in one round trip (lua/read-instance.ts READ_INSTANCES_LUA), in `reads` order; each
 * `state` as readStoredInstance's `agentOf`. A job that carries several notifications of a run reads them so.
 */
export async function readStoredInstances(
  redis: RedisClient,
  runId: string,
  reads: ReadonlyArray<{ instance: string; state: string }>,
): Promise<StoredInstance[]> {
  const k = runKeys(runId);
  const args = reads.flatMap((x) => [x.instance, x.state]);
  const replies = await reader(redis).dcfReadInstances(k.run, k.entries, k.states, k.agentStates, k.agents, ...args);
  return replies.map(storedInstanceOf);
}

function reader(redis: RedisClient): RedisClient & Reader {
  const r = redis as RedisClient & Reader & { [DEFINED]?: true };
  if (!r[DEFINED]) {
    r.defineCommand('dcfReadInstance', { numberOfKeys: 5, lua: READ_INSTANCE_LUA });
    r.defineCommand('dcfReadInstances', { numberOfKeys: 5, lua: READ_INSTANCES_LUA });
    r[DEFINED] = true;
  }
  return r;
}

/** The script's reply (lua/read-instance.ts), from EVALSHA (nil as null) or a commit's JSON (false; an empty list as `{}`). */
export type StoredInstanceReply = [unknown, unknown, unknown, unknown, unknown];

export function storedInstanceOf([flat, entry, parentEntryId, parentStatus, agent]: StoredInstanceReply): StoredInstance {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const run: Record<string, string> = {};
  const list = Array.isArray(flat) ? (flat as string[]) : [];
  for (let i = 0; i + 1 < list.length; i += 2) run[list[i]!] = list[i + 1]!;
  return { run, entry: text(entry), parentEntryId: text(parentEntryId), parentStatus: text(parentStatus), agent: text(agent) };
}
