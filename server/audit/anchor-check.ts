import { inArray } from 'drizzle-orm';
import { ukExact } from '../../lib/uk-time.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { newestAnchor, type AuditAnchor } from './anchor-record.ts';
import type { ChainLink } from './chain-break.ts';

/**
 * What an anchor shows that the log no longer matches:
 * - `truncated`: it names an entry past the log's end (the newest entries were removed);
 * - `removed`: it names an entry the log no longer holds, though later entries follow (removed, then appended to);
 * - `rewritten`: the log holds the entry under another hash (the chain was rewritten from there or before).
 */
export type AnchorProblem = {
  kind: 'truncated' | 'removed' | 'rewritten';
  anchor: AuditAnchor;
  /** The log's newest chained entry when checked (null: none). */
  logEnd: number | null;
  /** The hash the log holds for the anchored entry (rewritten only). */
  heldHash?: string | null;
  detail: string;
};

/** Anchors compared per query: bounds the memory and the size of each `id in (…)`. */
const BATCH = 500;

const short = (hash: string | null | undefined) => (hash ? `${hash.slice(0, 23)}…` : 'none');
const end = (logEnd: number | null) => (logEnd === null ? 'the log holds no chained entry' : `the log ends at #${logEnd}`);
/** "the anchor of 28 Nov 2026, 09:15:00 GMT names entry #13 (hash sha256:…)": en-GB, Europe/London. */
const named = (a: AuditAnchor) => `the anchor of ${ukExact(a.anchoredAt)} names entry #${a.entryId} (hash ${short(a.entryHash)})`;

function problemOf(kind: AnchorProblem['kind'], anchor: AuditAnchor, logEnd: number | null, heldHash?: string | null): AnchorProblem {
  const detail =
    kind === 'truncated'
      ? `truncated: ${named(anchor)} which the log no longer holds; ${end(logEnd)}`
      : kind === 'removed'
        ? `removed: ${named(anchor)} which the log no longer holds, though it goes on to #${logEnd}: ` +
          'entries were removed and others appended after them'
        : `rewritten: ${named(anchor)}, but the log holds it with hash ${short(heldHash)}: ` +
          `the chain was rewritten from entry #${anchor.entryId} or before`;
  return { kind, anchor, logEnd, ...(kind === 'rewritten' ? { heldHash: heldHash ?? null } : {}), detail };
}

export type AnchorComparison = { checked: number; newest: AuditAnchor | null; problem?: AnchorProblem };

/**
 * Compares every anchor with the log, a batch at a time: each must name an entry the log holds
 * under the same hash. Reported is one problem: a rewrite at the lowest anchored entry first,
 * else the truncation named by the highest anchor past the end, else the lowest removed entry.
 * `head`: the log's newest chained entry when the chain was walked (verify.ts); the entries an
 * anchor names are looked up afresh, so an anchor of an entry appended since is no problem.
 */
export async function compareAnchors(db: Db, anchors: AsyncIterable<AuditAnchor>, head: ChainLink | null): Promise<AnchorComparison> {
  const logEnd = head?.id ?? null;
  let checked = 0;
  let newest: AuditAnchor | null = null;
  let rewritten: AnchorProblem | undefined;
  let truncated: AnchorProblem | undefined;
  let removed: AnchorProblem | undefined;
  let batch: AuditAnchor[] = [];

  const flush = async () => {
    const ids = [...new Set(batch.map((a) => a.entryId))];
    const held = new Map<number, string | null>();
    const columns = { id: auditLog.id, hash: auditLog.hash };
    const rows = await db.select(columns).from(auditLog).where(inArray(auditLog.id, ids));
    for (const row of rows) held.set(row.id, row.hash);
    for (const a of batch) {
      checked++;
      newest = newestAnchor([newest, a]);
      if (held.has(a.entryId)) {
        const hash = held.get(a.entryId);
        if (hash !== a.entryHash && (!rewritten || a.entryId < rewritten.anchor.entryId)) {
          rewritten = problemOf('rewritten', a, logEnd, hash);
        }
      } else if (logEnd === null || a.entryId > logEnd) {
        if (!truncated || a.entryId > truncated.anchor.entryId) truncated = problemOf('truncated', a, logEnd);
      } else if (!removed || a.entryId < removed.anchor.entryId) {
        removed = problemOf('removed', a, logEnd);
      }
    }
    batch = [];
  };

  for await (const anchor of anchors) {
    batch.push(anchor);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  const problem = rewritten ?? truncated ?? removed;
  return { checked, newest, ...(problem ? { problem } : {}) };
}
