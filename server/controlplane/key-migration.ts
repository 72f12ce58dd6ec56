import { ACTIVE_RUNS, LEGACY_ACTIVE_RUNS } from './keys.ts';
import { deadLettersOf } from '../redis/durable-stream.ts';
import { Cluster } from 'ioredis';
import type { RedisClient } from '../redis/connection.ts';

/**
 * Moves keys renamed for Redis Cluster slots (issue 32) out of their old names on a single-node
 * Redis, so an existing deployment (the embedded default persists its AOF across restarts) strands
 * nothing: the active set (keys.ts) and each durable stream's dead letters (durable-stream.ts).
 * Idempotent and atomic per key (one script); run when a process starts, so entries an older
 * process wrote under an old name meanwhile are moved by the next start. A Redis Cluster never held
 * the old names (the code before issue 32 could not run on one), so there it does nothing.
 */
const MERGE_SET = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SUNIONSTORE', KEYS[2], KEYS[2], KEYS[1])
redis.call('DEL', KEYS[1])
return 1`;

// Dead letters keep their fields; an entry merged into an existing stream gets a new id (ids are only handles for retry).
const MERGE_STREAM = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('EXISTS', KEYS[2]) == 0 then redis.call('RENAME', KEYS[1], KEYS[2]) return 1 end
for _, e in ipairs(redis.call('XRANGE', KEYS[1], '-', '+')) do redis.call('XADD', KEYS[2], '*', unpack(e[2])) end
redis.call('DEL', KEYS[1])
return 1`;

export async function migrateSlotKeys(redis: RedisClient, streams: readonly string[]): Promise<void> {
  if (redis instanceof Cluster) return;
  if (redis.status === 'wait') await redis.connect();
  await redis.eval(MERGE_SET, 2, LEGACY_ACTIVE_RUNS, ACTIVE_RUNS);
  for (const name of streams) await redis.eval(MERGE_STREAM, 2, `${name}:dead`, deadLettersOf(name));
}
