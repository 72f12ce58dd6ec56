import { asc, desc, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { auditLog } from '../db/schema/index.ts';
import { classifyBreak, type ChainLink, type ChainProblem } from './chain-break.ts';
import { entryHash, type ChainedEntry } from './chain-hash.ts';

export type { ChainLink, ChainProblem };

export type ChainVerification = {
  intact: boolean;
  /** Chained entries whose hash and link were checked and found right (all of them when intact). */
  checked: number;
  /** Entries from before the chain began (no hash): reported, not verified. */
  unchained: number;
  /** The latest chained entry: what an evidence pack quotes so later removals at the end show. */
  head: ChainLink | null;
  /** The first problem in id order (or an id the sequence never issued), naming the entry. */
  firstProblem?: ChainProblem;
};

/** Rows read per query (default): verification never holds more than one batch (plus a short window) in memory. */
const BATCH = 1000;
/** How many recent entries a broken link is looked up in, to tell an insertion from a removal. */
const WINDOW = 1000;

/** `at` at microseconds, in the form `atText` hashes. */
const AT_TEXT = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const COLUMNS = {
  id: auditLog.id,
  at: AT_TEXT,
  actorKind: auditLog.actorKind,
  actorId: auditLog.actorId,
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  argsDigest: auditLog.argsDigest,
  resultStatus: auditLog.resultStatus,
  detail: auditLog.detail,
  content: auditLog.content,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
};
export type StoredEntry = ChainedEntry & { hash: string | null };

const readBatch = (db: Db, afterId: number, size: number): Promise<StoredEntry[]> =>
  db.select(COLUMNS).from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(size);

const readNext = async (db: Db, afterId: number): Promise<StoredEntry | null> =>
  (await db.select(COLUMNS).from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(1))[0] ?? null;

/** The latest chained entry (highest id with a hash), or null when nothing is chained yet. */
export async function auditChainHead(db: Db): Promise<ChainLink | null> {
  const [row] = await db
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .where(isNotNull(auditLog.hash))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ? { id: row.id, hash: row.hash! } : null;
}

/** The lowest id above the last value the table's sequence issued: a row written with a made-up id. */
async function idNeverIssued(db: Db): Promise<{ id: number; lastIssued: number } | null> {
  const [row] = rowsOf<{ id: string | number | null; last: string | number }>(
    await db.execute(sql`with s as (select case when is_called then last_value else 0 end as last from audit_log_id_seq)
      select (select min(id) from audit_log where id > s.last) as id, s.last from s`),
  );
  return row?.id == null ? null : { id: Number(row.id), lastIssued: Number(row.last) };
}

/**
 * Walks the audit log in id order, a batch at a time, and checks the hash chain: every entry's
 * stored hash against its recomputed content hash, and its `prev_hash` against the hash of the
 * chained entry before it. Rows without a hash before the first hashed row are "before the
 * chain began"; the first hashed row must have `prev_hash` null (the chain's genesis).
 * Stops at the first problem. Appends made while it runs are walked too. `batchSize`: rows per read.
 */
export async function verifyAuditChain(db: Db, { batchSize = BATCH }: { batchSize?: number } = {}): Promise<ChainVerification> {
  const forged = await idNeverIssued(db);
  if (forged) {
    const detail = `entry #${forged.id} has an id the log never issued (the last issued is #${forged.lastIssued}): it was inserted by hand`;
    const firstProblem = { id: forged.id, kind: 'inserted' as const, detail };
    return { intact: false, checked: 0, unchained: 0, head: await auditChainHead(db), firstProblem };
  }
  let checked = 0;
  let unchained = 0;
  let lastUnchainedId = 0;
  let firstChainedId: number | null = null;
  const recent: ChainLink[] = []; // the last WINDOW to 2 × WINDOW chained entries, oldest first
  const fail = async (firstProblem: ChainProblem): Promise<ChainVerification> => {
    // `checked` counts only entries before the problem (a rewritten or inserted entry may have passed its own checks).
    const good = checked - recent.filter((e) => e.id >= firstProblem.id).length;
    return { intact: false, checked: good, unchained, head: await auditChainHead(db), firstProblem };
  };

  for (let afterId = 0; ;) {
    const batch = await readBatch(db, afterId, batchSize);
    if (batch.length === 0) break;
    for (const row of batch) {
      afterId = row.id;
      const prev = recent.at(-1) ?? null;
      if (row.hash === null) {
        if (!prev) {
          unchained++;
          lastUnchainedId = row.id;
          continue;
        }
        const detail = `entry #${row.id} has no hash, but the chain began at entry #${firstChainedId}: the log did not write it`;
        return fail({ id: row.id, kind: 'inserted', detail });
      }
      const hash = row.hash;
      if (entryHash(row) !== hash || row.prevHash !== (prev?.hash ?? null)) {
        return fail(await classifyBreak({ row: { ...row, hash }, prev, recent, lastUnchainedId, next: () => readNext(db, row.id) }));
      }
      checked++;
      firstChainedId ??= row.id;
      recent.push({ id: row.id, hash });
      if (recent.length >= 2 * WINDOW) recent.splice(0, WINDOW);
    }
  }
  return { intact: true, checked, unchained, head: recent.at(-1) ?? null };
}
