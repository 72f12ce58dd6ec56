import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What the queue's filter menus offer: the advisors, teams, products and failed rules present in the store. */
export async function qaFilterOptions(db: Db) {
  const col = async (expr: ReturnType<typeof sql>) =>
    ((await db.execute(expr)) as unknown as { rows: Array<{ v: string }> }).rows.map((r) => r.v);
  const [advisors, teams, products, rules] = await Promise.all([
    col(sql`select distinct advisor as v from qa_results where advisor is not null order by 1`),
    col(sql`select distinct team as v from qa_results where team is not null order by 1`),
    col(sql`select distinct product as v from qa_results where product is not null order by 1`),
    col(sql`select distinct unnest(failed_rule_ids) as v from qa_results order by 1`),
  ]);
  return { advisors, teams, products, rules };
}
