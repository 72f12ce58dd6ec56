import { desc, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { auditLog } from '../db/schema/index.ts';
import { atText, entryHash, type ChainedEntry } from './chain-hash.ts';

/** The advisory lock every chained append holds (transaction-scoped): one writer links at a time. */
const CHAIN_LOCK_KEY = 7_130_512_013;

/** What the caller decides of an entry; the chain decides `id`, `at`, `prev_hash` and `hash`. */
export type ChainValues = Omit<ChainedEntry, 'id' | 'at' | 'prevHash'>;

/**
 * Appends one entry to the hash chain, in one transaction: take the chain lock, read the last
 * chained entry's hash, draw the id from the table's sequence, stamp `at` (milliseconds, so it
 * round-trips exactly) and insert with `prev_hash` and `hash`. Concurrent appends — from this
 * process, another console process or the CLI — wait for the lock, so no two entries ever link
 * to the same predecessor. `detail` and `content` must already be as the database returns them
 * (plain JSON); the caller redacts secrets.
 */
export async function appendChained(db: Db, values: ChainValues): Promise<{ id: number; hash: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(CHAIN_LOCK_KEY))})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .where(isNotNull(auditLog.hash))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const [next] = rowsOf<{ id: string | number }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('audit_log', 'id')) as id`));
    const id = Number(next!.id);
    const at = new Date();
    const entry: ChainedEntry = { ...values, id, at: atText(at), prevHash: last?.hash ?? null };
    const hash = entryHash(entry);
    await tx.insert(auditLog).values({ ...values, id, at, prevHash: entry.prevHash, hash });
    return { id, hash };
  });
}
