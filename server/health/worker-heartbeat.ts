import { hostname } from 'node:os';
import { pingRedis } from '../redis/client.ts';
import type { RedisClient } from '../redis/connection.ts';

/**
 * Workers' heartbeats (issue 34): every process that consumes run notifications (the console's
 * embedded workers, `dcf worker`, and the in-process workers of `dcf run`, `chat`, `eval` and
 * `backfill`: cli/execution.ts startCliWorkers) registers here, and
 * Settings → Health reads the registrations (workers.ts).
 *
 * Per worker a hash `dcf:health:{workers}:<id>` with a TTL of three beats, refreshed every beat, and
 * one sorted set `dcf:health:{workers}` of worker ids scored by their last beat (Redis's clock, so
 * hosts with skewed clocks agree). The hash says what the worker is and holds now; the index
 * remembers a worker whose hash expired (it died without saying so) for a day, so the page can
 * show it as stopped. Every key carries the `{workers}` hash tag: one slot, Redis Cluster safe.
 */
export const WORKER_INDEX = 'dcf:health:{workers}';
export const workerKey = (id: string) => `${WORKER_INDEX}:${id}`;

/** How often a worker beats; its hash lives three beats, and a beat older than that is stale. */
export const BEAT_MS = 10_000;
export const BEAT_TTL_MS = 3 * BEAT_MS;
/** How long the index keeps a worker that stopped beating (a crashed worker stays visible this long). */
export const RETAIN_STOPPED_MS = 24 * 3_600_000;

/** Who runs the worker: the console's embedded workers, or the `dcf` command whose process it is. */
export type WorkerKind = 'console' | 'dcf worker' | 'dcf run' | 'dcf chat' | 'dcf eval' | 'dcf backfill';

export interface WorkerRegistration {
  /** The process's execution identity (`engine@host:pid`), also its lease-owner name. */
  id: string;
  kind: WorkerKind;
  /** How many notifications the worker handles at once (BullMQ concurrency). */
  concurrency: number;
  /** Task attempts in flight now; each holds its state's lease (ExecutionServices.activeWork). */
  activeTasks: () => number;
}

// KEYS: the worker's hash, the index. ARGV: id, ttl ms, retention ms, then field/value pairs.
// Beats on Redis's clock: the hash gets `last_beat_ms`, the index the same score.
const BEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local fields = { 'last_beat_ms', tostring(now) }
for i = 4, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[3]))
return now`;

/** One beat: what the worker is and holds now. Exported for tests, which beat without a timer. */
export async function beat(redis: RedisClient, w: WorkerRegistration, startedAt: Date): Promise<void> {
  const fields = {
    kind: w.kind,
    host: hostname(),
    pid: String(process.pid),
    concurrency: String(w.concurrency),
    active_tasks: String(w.activeTasks()),
    started_at: startedAt.toISOString(),
  };
  await redis.eval(
    BEAT,
    2,
    workerKey(w.id),
    WORKER_INDEX,
    w.id,
    String(BEAT_TTL_MS),
    String(RETAIN_STOPPED_MS),
    ...Object.entries(fields).flat(),
  );
}

/**
 * Registers a worker and beats every BEAT_MS until `stop`, which removes the registration (a
 * worker that stops cleanly is not a problem to show). A failed beat is retried at the next one:
 * a Redis that is down shows as the worker's stale heartbeat. The timer never keeps a process alive.
 */
export function startWorkerHeartbeat(
  redis: RedisClient,
  w: WorkerRegistration,
  onError: (err: unknown) => void = () => {},
): { stop(): Promise<void> } {
  const startedAt = new Date();
  // The beat in flight, awaited by `stop` so a late beat cannot register the worker again.
  let last: Promise<void> = Promise.resolve();
  const once = () => (last = beat(redis, w, startedAt).catch(onError));
  // The first beat connects the client if it has not yet (a command client queues nothing while it connects).
  last = pingRedis(redis)
    .then(() => beat(redis, w, startedAt))
    .catch(onError);
  const timer = setInterval(() => void once(), BEAT_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await last;
      await Promise.all([redis.del(workerKey(w.id)), redis.zrem(WORKER_INDEX, w.id)]).catch(onError);
    },
  };
}
