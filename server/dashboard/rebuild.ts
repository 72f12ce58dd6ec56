import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { qaDailyCalls, qaDailyRules, qaDailyTeamRules } from '../db/schema/index.ts';

/**
 * Recounts the dashboard's rollups from `qa_results` in one statement — migration 0016's
 * `qa_daily_rollups_statement` over every stored row, the same statement the triggers run on the
 * rows each write changes. For a bulk load made with the triggers disabled (faster than a trigger
 * run per batch), and to check that the rollups the triggers kept are exact.
 */
export async function rebuildDashboardRollups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of [qaDailyCalls, qaDailyRules, qaDailyTeamRules]) await tx.execute(sql`delete from ${t}`);
    await tx.execute(sql.raw(`do $$ begin execute qa_daily_rollups_statement('select 1 as "sign", * from "qa_results"'); end $$`));
  });
}
