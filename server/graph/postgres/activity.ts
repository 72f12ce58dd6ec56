import { sql } from 'drizzle-orm';
import { LONDON } from '../../../lib/uk-time.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { assembleActivity, type RunDayRow, type UseDayRow } from '../activity.ts';
import type { GraphActivity } from '../port.ts';
import { skillReliabilityBetween } from './reliability.ts';

/**
 * The graph's activity between two instants (port.ts `activity`): runs from graph_executions by the
 * London day of finished_at, with a grouping set over the whole window for its percentiles
 * (percentile_cont: linear interpolation, as the reliability reads); uses from graph_skill_uses by
 * the London day of `at`; the skills' reliability over the same uses (reliability.ts).
 */
export async function activity(db: Db, since: string, until: string): Promise<GraphActivity> {
  const window = { since: new Date(since).toISOString(), until: new Date(until).toISOString() };
  const [from, to] = [sql`${window.since}::timestamptz`, sql`${window.until}::timestamptz`];
  const runs = rowsOf<RunDayRow>(
    await db.execute(sql`
      with runs as (
        select to_char(finished_at at time zone ${LONDON}, 'YYYY-MM-DD') as day, status,
               (extract(epoch from finished_at - started_at) * 1000)::float8 as duration_ms
        from graph_executions
        where finished_at between ${from} and ${to}
      )
      select day, count(*)::int as runs,
             (count(*) filter (where status = 'SUCCEEDED'))::int as succeeded,
             (count(*) filter (where status in ('FAILED', 'TIMED_OUT', 'ABORTED')))::int as failed,
             percentile_cont(0.5) within group (order by duration_ms) as p50,
             percentile_cont(0.95) within group (order by duration_ms) as p95
      from runs
      group by grouping sets ((day), ())`),
  );
  const uses = rowsOf<UseDayRow>(
    await db.execute(sql`
      with uses as (
        select to_char(at at time zone ${LONDON}, 'YYYY-MM-DD') as day, outcome, swapped_from
        from graph_skill_uses
        where at between ${from} and ${to}
      )
      select day, count(*)::int as skill_calls,
             (count(*) filter (where swapped_from is not null))::int as swaps,
             (count(*) filter (where outcome = 'caller_error'))::int as caller_errors
      from uses
      group by day`),
  );
  const number = (v: unknown) => (v === null ? null : Number(v));
  return assembleActivity(
    window,
    runs.map((r) => ({ ...r, p50: number(r.p50), p95: number(r.p95) })),
    uses,
    await skillReliabilityBetween(db, new Date(window.since), new Date(window.until)),
  );
}
