import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { qaDailyCalls as c } from '../db/schema/index.ts';
import { dashboardPeriod } from './period.ts';
import { meanOf, rollupWhere, summed, weekOf } from './rollups.ts';
import type { CustomerOutcomes, DashboardFilter } from '../contracts/dashboard-schemas.ts';
import { dashboardQaFilter } from './scope.ts';
import { describeScope } from './what.ts';

/**
 * Customers (schemas.ts customerOutcomesSchema), the Consumer Duty view: per week the calls with a
 * vulnerability, confusion or anxiety flag and how flagged calls scored against the others; and
 * vulnerable vs not-vulnerable customers' outcomes (calls, mean score of record, calls failing a
 * mandatory rule, calls failing any rule), over every product together and per product. Products
 * are those of the calls in scope, by name; calls without a product count in the "every product" pair only.
 */
type Row = {
  week: string | null;
  product: string | null;
  all_weeks: number;
  all_products: number;
  calls: number;
  scored: number;
  failed_mandatory: number;
  fails: number;
  vulnerable: number;
  confused: number;
  anxious: number;
  flagged_mean_score: number | null;
  other_mean_score: number | null;
  v_scored: number;
  v_mean_score: number | null;
  v_failed_mandatory: number;
  v_fails: number;
  n_scored: number;
  n_mean_score: number | null;
};

const SUMMED = [
  c.calls,
  c.scored,
  c.scoreSum,
  c.failedMandatory,
  c.fails,
  c.vulnerable,
  c.confused,
  c.anxious,
  c.flaggedScored,
  c.flaggedScoreSum,
  c.vulnerableScored,
  c.vulnerableScoreSum,
  c.vulnerableFailedMandatory,
  c.vulnerableFails,
];
const s = (name: string) => sql`sum(${sql.identifier(name)})`;

export async function customerOutcomes(db: Db, filter: DashboardFilter, clock?: string): Promise<CustomerOutcomes> {
  const period = dashboardPeriod(filter, clock);
  const result = await db.execute(sql`
    with w as (
      select ${weekOf(c.day)} as week, ${c.product} as product, ${summed(SUMMED)}
      from ${c} where ${rollupWhere(c, dashboardQaFilter(filter, period))} group by 1, 2)
    select week::text as week, product, grouping(week)::int as all_weeks, grouping(product)::int as all_products,
           ${s('calls')}::int as calls, ${s('scored')}::int as scored, ${s('failed_mandatory')}::int as failed_mandatory,
           ${s('fails')}::int as fails, ${s('vulnerable')}::int as vulnerable, ${s('confused')}::int as confused,
           ${s('anxious')}::int as anxious,
           ${meanOf(s('flagged_score_sum'), s('flagged_scored'))} as flagged_mean_score,
           ${meanOf(sql`${s('score_sum')} - ${s('flagged_score_sum')}`, sql`${s('scored')} - ${s('flagged_scored')}`)} as other_mean_score,
           ${s('vulnerable_scored')}::int as v_scored, ${meanOf(s('vulnerable_score_sum'), s('vulnerable_scored'))} as v_mean_score,
           ${s('vulnerable_failed_mandatory')}::int as v_failed_mandatory, ${s('vulnerable_fails')}::int as v_fails,
           (${s('scored')} - ${s('vulnerable_scored')})::int as n_scored,
           ${meanOf(sql`${s('score_sum')} - ${s('vulnerable_score_sum')}`, sql`${s('scored')} - ${s('vulnerable_scored')}`)} as n_mean_score
    from w group by grouping sets ((week), (product), ()) having sum(calls) > 0`);
  const rows = rowsOf<Row>(result);
  const total = rows.find((r) => r.all_weeks === 1 && r.all_products === 1);
  const products = rows
    .filter((r): r is Row & { product: string } => r.all_weeks === 1 && r.all_products === 0 && r.product !== null)
    .sort((a, b) => a.product.localeCompare(b.product));
  const pair = (r: Row | undefined, product: string | null): CustomerOutcomes['groups'] => [
    {
      group: 'vulnerable',
      product,
      calls: r?.vulnerable ?? 0,
      scored: r?.v_scored ?? 0,
      mean_score: r?.v_mean_score ?? null,
      failed_mandatory: r?.v_failed_mandatory ?? 0,
      fails: r?.v_fails ?? 0,
    },
    {
      group: 'not_vulnerable',
      product,
      calls: (r?.calls ?? 0) - (r?.vulnerable ?? 0),
      scored: r?.n_scored ?? 0,
      mean_score: r?.n_mean_score ?? null,
      failed_mandatory: (r?.failed_mandatory ?? 0) - (r?.v_failed_mandatory ?? 0),
      fails: (r?.fails ?? 0) - (r?.v_fails ?? 0),
    },
  ];
  return {
    period,
    calls: total?.calls ?? 0,
    weeks: rows
      .filter((r) => r.all_weeks === 0)
      .sort((a, b) => a.week!.localeCompare(b.week!))
      .map((r) => ({
        week: r.week!,
        calls: r.calls,
        vulnerable: r.vulnerable,
        confused: r.confused,
        anxious: r.anxious,
        flagged_mean_score: r.flagged_mean_score,
        other_mean_score: r.other_mean_score,
      })),
    groups: [...pair(total, null), ...products.flatMap((p) => pair(p, p.product))],
    what:
      `${describeScope(filter, period)} Flags come from the sentiment analysis: a vulnerable, confused or anxious ` +
      'customer; a flagged call has at least one. Average scores are over the calls that have a score, to one decimal ' +
      "(a reviewer's score where one decided, else the AI's). Failed mandatory: calls that failed a mandatory rule; " +
      'failed: calls that failed any rule. Each call counts once, by its newest analysis.',
  };
}
