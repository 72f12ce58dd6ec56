import { runKeys } from '../controlplane/keys.ts';
import { readRun } from './run-record.ts';
import type { RunEvent, RunView } from '../contracts/run-view.ts';
import type { EntryRecord } from '../contracts/execution-entries.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';

/** Reads a run's events from its stream (`after` an id, exclusive), oldest first. */
export async function readRunEvents(x: ExecutionServices, runId: string, after = '-', count = 10_000): Promise<RunEvent[]> {
  const start = after === '-' ? '-' : `(${after}`;
  const rows = await x.redis.xrange(runKeys(runId).events, start, '+', 'COUNT', count);
  return rows.map(([id, fields]) => ({ id, event: JSON.parse(fields[1] ?? '{}') as Record<string, unknown> }));
}

/** Everything about one run (`dcf runs show`, the run view). */
export async function showRun(x: ExecutionServices, runId: string): Promise<RunView | null> {
  const run = await readRun(x.redis, runId);
  if (!run) return null;
  const k = runKeys(runId);
  const [meta, entries, data] = await Promise.all([x.redis.get(k.meta), x.redis.hgetall(k.entries), x.redis.hgetall(k.data)]);
  const parse = <T>(h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([s, v]) => [s, JSON.parse(v) as T]));
  return {
    run,
    meta: JSON.parse(meta ?? 'null'),
    states: await x.cp.readStates(runId),
    entries: parse<EntryRecord>(entries),
    data: parse<unknown>(data),
    events: await readRunEvents(x, runId),
  };
}
