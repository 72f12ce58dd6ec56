import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * What the queue's filter menus offer: the advisors, teams, products and failed rules present in
 * the store, and the highest score a call can have there (`max_score`, the scorecards' maximum;
 * null with no scored call), which bounds the "Score below" box.
 */
export async function qaFilterOptions(db: Db) {
  const col = async (expr: ReturnType<typeof sql>) =>
    ((await db.execute(expr)) as unknown as { rows: Array<{ v: string }> }).rows.map((r) => r.v);
  const [advisors, teams, products, rules, [top]] = await Promise.all([
    col(sql`select distinct advisor as v from qa_results where advisor is not null order by 1`),
    col(sql`select distinct team as v from qa_results where team is not null order by 1`),
    col(sql`select distinct product as v from qa_results where product is not null order by 1`),
    col(sql`select distinct unnest(failed_rule_ids) as v from qa_results order by 1`),
    col(sql`select max(max_score)::text as v from qa_results`),
  ]);
  const max = top === null || top === undefined ? null : Number(top);
  return { advisors, teams, products, rules, max_score: max !== null && Number.isFinite(max) ? max : null };
}
