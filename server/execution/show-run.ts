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

/**
 * Everything about one run (`dcf runs show`, the run view), read at once. `events`: how to read the events
 * instead of all of them, for a reader that needs only some (episode.ts episodeEvents).
 */
export async function showRun(
  x: ExecutionServices,
  runId: string,
  opts: { events?: (x: ExecutionServices, runId: string) => Promise<RunEvent[]> } = {},
): Promise<RunView | null> {
  const k = runKeys(runId);
  // Sent together on one connection, so Redis reads them in this order: the run record first.
  const [run, meta, entries, data, states, events] = await Promise.all([
    readRun(x.redis, runId),
    x.redis.get(k.meta),
    x.redis.hgetall(k.entries),
    x.redis.hgetall(k.data),
    x.cp.readStates(runId),
    (opts.events ?? readRunEvents)(x, runId),
  ]);
  if (!run) return null;
  const parse = <T>(h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([s, v]) => [s, JSON.parse(v) as T]));
  return { run, meta: JSON.parse(meta ?? 'null'), states, entries: parse<EntryRecord>(entries), data: parse<unknown>(data), events };
}
