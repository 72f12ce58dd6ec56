import type { RedisClient } from '../redis/connection.ts';
import { runKeys } from './keys.ts';
import { READ_INSTANCE_LUA } from './lua/read-instance.ts';

/** One state instance as stored: the run hash, its entry and, for a branch or iteration, its parent's entry and document. */
export interface StoredInstance {
  run: Record<string, string>;
  entry: string | null;
  parentEntry: string | null;
  parentDoc: string | null;
}

type Reader = { dcfReadInstance(...args: string[]): Promise<[string[], string | null, string | null, string | null]> };
const DEFINED = Symbol.for('dcf.controlplane.read-instance');

/** Reads an instance in one round trip (lua/read-instance.ts); all keys are the run's, so one Cluster slot. */
export async function readStoredInstance(redis: RedisClient, runId: string, instance: string): Promise<StoredInstance> {
  const r = redis as RedisClient & Reader & { [DEFINED]?: true };
  if (!r[DEFINED]) {
    r.defineCommand('dcfReadInstance', { numberOfKeys: 3, lua: READ_INSTANCE_LUA });
    r[DEFINED] = true;
  }
  const k = runKeys(runId);
  const [flat, entry, parentEntry, parentDoc] = await r.dcfReadInstance(k.run, k.entries, k.states, instance);
  const run: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) run[flat[i]!] = flat[i + 1]!;
  return { run, entry: entry ?? null, parentEntry: parentEntry ?? null, parentDoc: parentDoc ?? null };
}
