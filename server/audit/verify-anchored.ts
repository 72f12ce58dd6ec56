import type { Db } from '../db/client.ts';
import { compareAnchors, type AnchorProblem } from './anchor-check.ts';
import { readAnchorFile } from './anchor-file.ts';
import type { AuditAnchor } from './anchor-record.ts';
import { ANCHOR_KEY, redisAnchors } from './anchor-redis.ts';
import type { AnchorStore } from './anchor-store.ts';
import { verifyAuditChain, type ChainVerification } from './verify.ts';

export type { AnchorProblem };

/**
 * The log against its external anchors:
 * - `none`: no anchor anywhere yet (a fresh install): the chain alone vouches for the log;
 * - `intact`: every anchor names an entry the log holds under the same hash;
 * - `broken`: one does not (`problem`: truncated, removed or rewritten);
 * - `unavailable`: the anchors could not be read (`error`): the log cannot be vouched for.
 */
export type AnchorVerification = {
  status: 'none' | 'intact' | 'broken' | 'unavailable';
  /** Where anchors were looked for: the anchor file (and whether it exists), and Redis when configured. */
  sources: { file: string; fileFound: boolean; redis: boolean };
  /** Anchors compared with the log (file and Redis together; the same anchor in both counts twice). */
  checked: number;
  /** The anchor naming the highest entry. */
  newest: AuditAnchor | null;
  /** Stored lines that were not anchors (a torn last line after a crash, say): not trusted, counted. */
  unreadable: number;
  problem?: AnchorProblem;
  error?: string;
};

export type AuditLogVerification = ChainVerification & { anchors: AnchorVerification };

/**
 * Verifies the hash chain (verify.ts), then every anchor in the anchor file and in Redis against
 * the log (anchor-check.ts). Intact only when both are: the chain shows changes inside the log,
 * the anchors show entries removed from its end and a chain rewritten after an anchored entry.
 */
export async function verifyAuditLog(db: Db, store: AnchorStore, opts: { batchSize?: number } = {}): Promise<AuditLogVerification> {
  const chain = await verifyAuditChain(db, opts);
  const anchors = await checkAgainstAnchors(db, store, chain);
  const intact = chain.intact && (anchors.status === 'intact' || anchors.status === 'none');
  return { ...chain, intact, anchors };
}

class RedisUnreadable extends Error {}

async function checkAgainstAnchors(db: Db, store: AnchorStore, chain: ChainVerification): Promise<AnchorVerification> {
  const sources = { file: store.file, fileFound: false, redis: !!store.redis };
  const base = { sources, checked: 0, newest: null, unreadable: 0 };
  const file = await readAnchorFile(store.file);
  if (file.kind === 'unreadable') {
    return { ...base, status: 'unavailable', error: `the anchor file cannot be read: ${file.reason}` };
  }
  sources.fileFound = file.kind === 'read';
  const redisCount = { bad: 0 };
  async function* all(): AsyncGenerator<AuditAnchor> {
    if (file.kind === 'read') yield* file.anchors;
    if (!store.redis) return;
    try {
      yield* redisAnchors(store.redis, redisCount, store.redisKey ?? ANCHOR_KEY);
    } catch (err) {
      throw new RedisUnreadable((err as Error).message);
    }
  }
  let compared;
  try {
    compared = await compareAnchors(db, all(), chain.head);
  } catch (err) {
    if (!(err instanceof RedisUnreadable)) throw err; // the database's own failure: as the chain's would
    return { ...base, status: 'unavailable', error: `the anchors in Redis cannot be read: ${err.message}` };
  }
  const unreadable = (file.kind === 'read' ? file.unreadableLines() : 0) + redisCount.bad;
  const status = compared.problem ? 'broken' : compared.checked === 0 ? 'none' : 'intact';
  return { ...base, ...compared, unreadable, status };
}
