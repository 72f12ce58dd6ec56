import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { batches, callerErrorsBySkill, type RecordedFailure, type UseKey } from '../caller-error-correction.ts';

/**
 * correctCallerErrors on the Postgres tables. Migration 0015 made the same correction in SQL when
 * it added caller errors; this pass reclassifies what lib/failure-cause.ts knows as the caller's
 * since (a new error name), and finds nothing otherwise. Each statement moves its uses and their
 * skill's counters together; `outcome = 'failure'` is re-checked on the locked rows, so two passes
 * at once never count a use twice.
 */
export async function correctCallerErrors(db: Db): Promise<number> {
  const failures = rowsOf<RecordedFailure>(
    await db.execute(sql`select run_id, seq, skill, error from graph_skill_uses where outcome = 'failure' and error is not null`),
  );
  let corrected = 0;
  for (const [skill, keys] of callerErrorsBySkill(failures)) {
    for (const batch of batches(keys)) corrected += await reclassify(db, skill, batch);
  }
  return corrected;
}

async function reclassify(db: Db, skill: string, keys: UseKey[]): Promise<number> {
  const values = sql.join(
    keys.map((k) => sql`(${k.run_id}::text, ${k.seq}::int)`),
    sql`, `,
  );
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with corrected as (
        update graph_skill_uses u set outcome = 'caller_error'
        from (values ${values}) as k(run_id, seq)
        where u.run_id = k.run_id and u.seq = k.seq and u.skill = ${skill} and u.outcome = 'failure'
        returning u.seq
      ), moved as (select count(*)::int as n from corrected)
      update graph_skills s set n_failures = s.n_failures - moved.n, n_caller_errors = s.n_caller_errors + moved.n
      from moved where s.uri = ${skill} and moved.n > 0
      returning moved.n as n`),
  );
  return row?.n ?? 0;
}
