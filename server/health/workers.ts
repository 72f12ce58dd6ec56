import type { RedisClient } from '../redis/connection.ts';
import { BEAT_MS, WORKER_INDEX, workerKey, type WorkerKind } from './worker-heartbeat.ts';

/**
 * A registered worker as Settings → Health shows it (worker-heartbeat.ts):
 * - `alive`: it beat within the last two beats;
 * - `late`: its registration is still there but its last beat is older (a held event loop, a Redis hiccup);
 * - `stopped`: its registration expired without the worker removing it (it died, or lost Redis) — the
 *   index keeps its last beat for a day. Only `alive` is healthy.
 */
export interface WorkerHealth {
  id: string;
  state: 'alive' | 'late' | 'stopped';
  /** ISO-8601, Redis's clock. */
  lastBeatAt: string;
  /** Seconds since the last beat, on Redis's clock. */
  sinceBeatS: number;
  /** Null once the registration expired (`stopped`): what it was is no longer known. */
  kind: WorkerKind | null;
  host: string | null;
  pid: number | null;
  concurrency: number | null;
  /** Task attempts in flight at the last beat, each holding its state's lease. */
  activeTasks: number | null;
  startedAt: string | null;
}

export interface WorkersHealth {
  /** When this was read (Redis's clock, ISO-8601). */
  readAt: string;
  /** A beat older than this many seconds makes a worker `late`. */
  lateAfterS: number;
  workers: WorkerHealth[];
}

const LATE_AFTER_MS = 2 * BEAT_MS;
const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));

/** ZRANGE … WITHSCORES as [member, score] pairs: RESP3 answers pairs, RESP2 one flat list. */
function scored(reply: unknown[]): Array<[string, number]> {
  if (reply.every(Array.isArray)) return (reply as unknown[][]).map(([m, sc]) => [String(m), Number(sc)]);
  const pairs: Array<[string, number]> = [];
  for (let i = 0; i + 1 < reply.length; i += 2) pairs.push([String(reply[i]), Number(reply[i + 1])]);
  return pairs;
}

/** Every worker in the index, problems first (stopped, then late), then by id. */
export async function readWorkers(redis: RedisClient): Promise<WorkersHealth> {
  const [[secs, micros], index] = await Promise.all([
    redis.time() as Promise<[number | string, number | string]>,
    redis.call('ZRANGE', WORKER_INDEX, 0, -1, 'WITHSCORES') as Promise<unknown[]>,
  ]);
  const now = Number(secs) * 1000 + Math.floor(Number(micros) / 1000);
  const ids = scored(index);
  const hashes = await Promise.all(ids.map(([id]) => redis.hgetall(workerKey(id))));
  const workers = ids.map(([id, beatMs], i): WorkerHealth => {
    const h = hashes[i]!;
    const registered = Object.keys(h).length > 0;
    const last = registered ? Number(h.last_beat_ms ?? beatMs) : beatMs;
    return {
      id,
      state: !registered ? 'stopped' : now - last > LATE_AFTER_MS ? 'late' : 'alive',
      lastBeatAt: new Date(last).toISOString(),
      sinceBeatS: Math.max(0, Math.round((now - last) / 1000)),
      kind: registered ? ((h.kind as WorkerKind | undefined) ?? null) : null,
      host: registered ? (h.host ?? null) : null,
      pid: num(h.pid),
      concurrency: num(h.concurrency),
      activeTasks: num(h.active_tasks),
      startedAt: h.started_at ?? null,
    };
  });
  const rank = { stopped: 0, late: 1, alive: 2 } as const;
  workers.sort((a, b) => rank[a.state] - rank[b.state] || a.id.localeCompare(b.id));
  return { readAt: new Date(now).toISOString(), lateAfterS: LATE_AFTER_MS / 1000, workers };
}
