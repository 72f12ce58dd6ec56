import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { QaFilter } from '../../lib/qa-filter.ts';

/**
 * Reading the dashboard's rollups (server/db/schema/qa-rollups.ts: per London day of the call,
 * advisor, team and product, kept exact by the database). A widget's scope is the QA queue's
 * filter of the same calls (scope.ts dashboardQaFilter); here it is matched on the rollup's columns
 * with the queue's rules (server/qa/query.ts qaWhere): names exact in any case, `from`/`to` London
 * days inclusive — the rollup's `day` is that London day, so the same calls fall in.
 */
export interface RollupColumns {
  day: AnyPgColumn;
  team: AnyPgColumn;
  product: AnyPgColumn;
  advisor?: AnyPgColumn;
}

const ci = (col: AnyPgColumn, v: string) => sql`lower(${col}) = lower(${v})`;

export function rollupWhere(t: RollupColumns, f: QaFilter): SQL {
  if (!f.from || !f.to) throw new RangeError('a dashboard scope always has its period');
  if (f.advisor && !t.advisor) throw new RangeError('this rollup has no advisor: read the per-advisor one');
  const w: SQL[] = [sql`${t.day} >= ${f.from}::date`, sql`${t.day} <= ${f.to}::date`];
  if (f.advisor && t.advisor) w.push(ci(t.advisor, f.advisor));
  if (f.team) w.push(ci(t.team, f.team));
  if (f.product) w.push(ci(t.product, f.product));
  return and(...w)!;
}

/**
 * The Monday of a day's week, YYYY-MM-DD: the week key of summarise_qa_results (Monday of the
 * Europe/London week of the call) — the rollup's day is already the London day, so plain date
 * arithmetic gives it (2000-01-03 was a Monday; whole days, no time zone at all).
 */
export const weekOf = (day: AnyPgColumn) => sql`(${day} - ((((${day} - date '2000-01-03') % 7) + 7) % 7))`;

/**
 * `sum(col) as col` for each rollup column: the columns of a first aggregation by the few keys a
 * widget shows (week, product, rule …), over which its grouping sets then run — each rollup row is
 * read once, however many grouping sets the widget wants.
 */
export const summed = (cols: AnyPgColumn[]) =>
  sql.join(
    cols.map((col) => sql`sum(${col}) as ${sql.identifier(col.name)}`),
    sql`, `,
  );

/** A mean of summed scores, one decimal (numeric: exact), or null over none. */
export const meanOf = (sum: SQL, n: SQL) => sql`round((${sum}) / nullif(${n}, 0), 1)::float8`;

/** A rate 0…1 with three decimals, or null over none. */
export const rateOf = (part: SQL, n: SQL) => sql`round((${part})::numeric / nullif(${n}, 0), 3)::float8`;
