import type { RedisClient } from '../redis/connection.ts';
import { config, type AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { createRedis } from '../redis/client.ts';
import { appendAnchorFile } from './anchor-file.ts';
import type { AnchorReason, AuditAnchor } from './anchor-record.ts';
import { ANCHOR_KEY, pushRedisAnchor } from './anchor-redis.ts';
import { auditChainHead } from './verify.ts';

/**
 * Where the audit chain's head is anchored, outside the database: the anchor file (always) and,
 * where Redis is configured, a capped list in Redis too. `redisKey` is for tests (one key each).
 */
export type AnchorStore = { file: string; redis?: RedisClient; redisKey?: string };

/** The anchor store a configuration names (the caller closes its Redis connection, if any). */
export const anchorStoreOf = (cfg: Pick<AppConfig, 'audit' | 'redis'>): AnchorStore => ({
  file: cfg.audit.anchorFile,
  ...(cfg.redis ? { redis: createRedis(cfg.redis) } : {}),
});

const STORE = Symbol.for('dcf.auditAnchorStore');
/**
 * The process's anchor store from the process configuration, made once (kept on globalThis:
 * Next.js may load this module twice).
 */
export function processAnchorStore(): AnchorStore {
  const holder = globalThis as { [STORE]?: AnchorStore };
  holder[STORE] ??= anchorStoreOf(config());
  return holder[STORE];
}

/**
 * Installs the process's anchor store (tests: a file of their own, so the process configuration's
 * is never written).
 */
export function setProcessAnchorStore(store: AnchorStore): void {
  (globalThis as { [STORE]?: AnchorStore })[STORE] = store;
}

/** The last anchor this process wrote per file, so a periodic anchor of an unchanged head writes nothing. */
const lastWritten = new Map<string, string>();

/**
 * Anchors the chain's current head: reads it from the database, appends it to the anchor file
 * (fsync'd; a failure throws, so an export that must be anchored fails rather than going out
 * unanchored) and pushes it to Redis (best effort: a Redis failure is logged, the file holds it).
 * Returns the anchor, or null when nothing is chained yet or, for a periodic anchor, when this
 * process last anchored the same head.
 */
export async function anchorAuditHead(db: Db, reason: AnchorReason, store?: AnchorStore, now = new Date()): Promise<AuditAnchor | null> {
  const s = store ?? processAnchorStore();
  const head = await auditChainHead(db);
  if (!head) return null;
  const key = `${head.id} ${head.hash}`;
  if (reason === 'periodic' && lastWritten.get(s.file) === key) return null;
  const anchor: AuditAnchor = { entryId: head.id, entryHash: head.hash, anchoredAt: now.toISOString(), reason };
  await appendAnchorFile(s.file, anchor);
  lastWritten.set(s.file, key);
  if (s.redis) {
    const warn = (err: Error) =>
      logger().warn({ error: err.message, entry: head.id }, 'audit anchor not copied to RedisClient; the anchor file holds it');
    await pushRedisAnchor(s.redis, anchor, s.redisKey ?? ANCHOR_KEY).catch(warn);
  }
  return anchor;
}
