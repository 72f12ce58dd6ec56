import { and, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { londonDayStart, londonNextDayStart } from '../../lib/uk-time.ts';
import type { Db } from '../db/client.ts';
import { qaResults } from '../db/schema/index.ts';
import type { QaFilter, QaSort } from './filter.ts';

/**
 * The QA queue: filtered, sorted and keyset-paged (a page costs the same at row 50 and row
 * 50,000: the cursor is the last row's sort value and id, never an offset). Unscored calls sort
 * last in both directions. `total` counts every row the filter matches.
 */
export const QUEUE_COLUMNS = {
  id: qaResults.id, callId: qaResults.callId, runId: qaResults.runId, applicationId: qaResults.applicationId,
  advisor: qaResults.advisor, team: qaResults.team, customer: qaResults.customer, product: qaResults.product,
  callAt: qaResults.callAt, score: qaResults.score, maxScore: qaResults.maxScore, humanScore: qaResults.humanScore,
  failedMandatory: qaResults.failedMandatory, rulesFailed: qaResults.rulesFailed, rulesPassed: qaResults.rulesPassed,
  failedRuleIds: qaResults.failedRuleIds, vulnerable: qaResults.vulnerable, reviewStatus: qaResults.reviewStatus,
  overridden: qaResults.overridden, workflowId: qaResults.workflowId, workflowName: qaResults.workflowName,
  workflowVersion: qaResults.workflowVersion, latest: qaResults.latest, runFinishedAt: qaResults.runFinishedAt,
};

/** The row field holding each sort's value (the cursor carries the last row's). */
const SORT_FIELD = { call_at: 'callAt', score: 'score', advisor: 'advisor', failed_mandatory: 'failedMandatory' } as const;
const SORT_COLUMN = { call_at: qaResults.callAt, score: qaResults.score, advisor: qaResults.advisor, failed_mandatory: qaResults.failedMandatory } as const;

const ci = (col: AnyPgColumn, v: string) => sql`lower(${col}) = lower(${v})`;

/** The filter as SQL conditions. */
export function qaWhere(f: QaFilter): SQL | undefined {
  const w: SQL[] = [];
  if (!f.include_earlier) w.push(eq(qaResults.latest, true));
  if (f.score_below !== undefined) w.push(lt(qaResults.score, f.score_below));
  if (f.failed_mandatory !== undefined) w.push(f.failed_mandatory ? gt(qaResults.failedMandatory, 0) : eq(qaResults.failedMandatory, 0));
  if (f.vulnerable !== undefined) w.push(eq(qaResults.vulnerable, f.vulnerable));
  if (f.review_status) w.push(inArray(qaResults.reviewStatus, f.review_status));
  if (f.overridden !== undefined) w.push(eq(qaResults.overridden, f.overridden));
  if (f.advisor) w.push(ci(qaResults.advisor, f.advisor));
  if (f.team) w.push(ci(qaResults.team, f.team));
  if (f.product) w.push(ci(qaResults.product, f.product));
  if (f.rule_id) w.push(sql`${qaResults.failedRuleIds} @> ARRAY[${f.rule_id}]::text[]`);
  if (f.from) w.push(sql`${qaResults.callAt} >= ${londonDayStart(f.from)}`);
  if (f.to) w.push(sql`${qaResults.callAt} < ${londonNextDayStart(f.to)}`);
  if (f.call_id) w.push(eq(qaResults.callId, f.call_id));
  if (f.run_id) w.push(eq(qaResults.runId, f.run_id));
  return w.length ? and(...w) : undefined;
}

type Cursor = { v: string | number | null; id: string };
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(s: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.id === 'string' && (c.v === null || typeof c.v === 'string' || typeof c.v === 'number')) return c;
  } catch {
    // fall through to the error below
  }
  throw new RangeError('cursor is not one this list returned');
}

export interface QaPageQuery {
  filter: QaFilter;
  sort: QaSort;
  limit: number;
  cursor?: string;
}

/**
 * One page in (col dir NULLS LAST, id dir) order. After a cursor on a non-null value, the rows
 * with values are read with a row comparison `(col, id) < (v, c)` — which an index on
 * (latest, col dir nulls last, id dir) serves directly, so a deep page costs what the first does —
 * and only when they run out, the rows without a value (the NULLS LAST tail) by id.
 */
async function pageRows(db: Db, where: SQL | undefined, q: QaPageQuery, want: number) {
  const col = SORT_COLUMN[q.sort.by];
  const dir = q.sort.dir === 'asc' ? 'asc' : 'desc';
  const cmp = sql.raw(dir === 'asc' ? '>' : '<');
  const select = (extra: SQL | undefined, n: number) =>
    db.select(QUEUE_COLUMNS).from(qaResults).where(and(where, extra))
      .orderBy(sql`${col} ${sql.raw(dir)} nulls last`, sql`${qaResults.id} ${sql.raw(dir)} nulls last`)
      .limit(n);
  const c = q.cursor ? decodeCursor(q.cursor) : null;
  if (c && c.v === null) return select(and(isNull(col), sql`${qaResults.id} ${cmp} ${c.id}`), want);
  const valued = await select(c ? sql`(${col}, ${qaResults.id}) ${cmp} (${c.v}, ${c.id})` : undefined, want);
  if (!c || valued.length >= want) return valued;
  return [...valued, ...(await select(isNull(col), want - valued.length))];
}

/**
 * The queue page and, on the first page only (no cursor), the filter's total: counting every
 * match costs a scan, and it does not change while the same filter is paged through. A caller
 * that counts anyway (the aggregate) passes `total: false` and counts once.
 */
export async function listQaPage(db: Db, q: QaPageQuery, opts: { total?: boolean } = {}) {
  const where = qaWhere(q.filter);
  const [rows, count] = await Promise.all([
    pageRows(db, where, q, q.limit + 1),
    q.cursor || opts.total === false ? Promise.resolve(null) : db.select({ n: sql<number>`count(*)::int` }).from(qaResults).where(where),
  ]);
  const items = rows.slice(0, q.limit);
  const last = items[items.length - 1];
  const v = last ? last[SORT_FIELD[q.sort.by]] : null;
  return { items, total: count ? (count[0]?.n ?? 0) : null, nextCursor: rows.length > q.limit && last ? encodeCursor({ v, id: last.id }) : null };
}

/** How many calls, how many of them scored, and the mean of their AI scores (one decimal). */
const AGGREGATE = {
  calls: sql<number>`count(*)::int`,
  scored: sql<number>`count(${qaResults.score})::int`,
  mean: sql<number | null>`round(avg(${qaResults.score})::numeric, 1)::float8`,
};

/** Mean of the per-call AI scores of the filtered calls, with the count it is over. */
export async function qaAggregate(db: Db, filter: QaFilter) {
  const [r] = await db.select(AGGREGATE).from(qaResults).where(qaWhere(filter));
  return { calls: r?.calls ?? 0, scored: r?.scored ?? 0, mean: r?.mean ?? null };
}

/** The same aggregate per run (the run list's QA column). */
export async function qaAggregateOfRuns(db: Db, runIds: string[]) {
  if (!runIds.length) return [];
  return db.select({ runId: qaResults.runId, ...AGGREGATE }).from(qaResults).where(inArray(qaResults.runId, runIds)).groupBy(qaResults.runId);
}
