import type { RedisClient } from '../redis/connection.ts';
import { anchorLine, parseAnchorLine, type AuditAnchor } from './anchor-record.ts';

/**
 * The anchors' copy in Redis: a list, newest first, capped. It outlives the data directory being
 * copied back from an older state (a restored PGlite with its own, older anchor file), which the
 * file alone cannot show.
 */
export const ANCHOR_KEY = 'dcf:audit:anchors';
/** Anchors kept in Redis (at a 15-minute period, about three and a half months of changing heads). */
export const MAX_REDIS_ANCHORS = 10_000;
const PAGE = 1_000;

/** Connects a lazily made connection (createRedis): without an offline queue, commands sent before that fail. */
async function connected(redis: RedisClient): Promise<RedisClient> {
  if (redis.status === 'wait') await redis.connect();
  return redis;
}

export async function pushRedisAnchor(redis: RedisClient, anchor: AuditAnchor, key = ANCHOR_KEY): Promise<void> {
  await connected(redis);
  await redis
    .multi()
    .lpush(key, anchorLine(anchor))
    .ltrim(key, 0, MAX_REDIS_ANCHORS - 1)
    .exec();
}

/** The stored anchors, a page at a time; `bad` counts entries that are not anchors. */
export async function* redisAnchors(redis: RedisClient, counter: { bad: number }, key = ANCHOR_KEY): AsyncGenerator<AuditAnchor> {
  await connected(redis);
  for (let start = 0; start < MAX_REDIS_ANCHORS; start += PAGE) {
    const page = await redis.lrange(key, start, Math.min(start + PAGE, MAX_REDIS_ANCHORS) - 1);
    for (const line of page) {
      const anchor = parseAnchorLine(line);
      if (anchor) yield anchor;
      else counter.bad++;
    }
    if (page.length < PAGE) return;
  }
}
