import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { qaDailyCalls as c, qaDailyRules, qaDailyTeamRules } from '../db/schema/index.ts';
import { dashboardPeriod } from './period.ts';
import { rateOf, rollupWhere, summed, weekOf } from './rollups.ts';
import type { ComplianceOverview, DashboardFilter } from '../contracts/dashboard-schemas.ts';
import { dashboardQaFilter } from './scope.ts';
import { describeScope } from './what.ts';

/**
 * Compliance (schemas.ts complianceSchema): per rule, over the calls it applied to (verdict pass
 * or fail; `not_applicable` aside), how many failed it and the pass rate, overall and per week;
 * and per week the calls that failed at least one mandatory rule. Rules are those that applied at
 * least once, failing most first, then by rule id. A rule's `mandatory` and `title` are what its
 * verdicts in scope say (any verdict mandatory; the greatest text, as summarise_qa_results labels it).
 */
type Counts = { applied: number; failed: number; pass_rate: number | null };
type RuleRow = Counts & { rule_id: string; week: string | null; mandatory: boolean; title: string };
type CallRow = { week: string | null; calls: number; failed_mandatory: number };

export async function complianceOverview(db: Db, filter: DashboardFilter, clock?: string): Promise<ComplianceOverview> {
  const period = dashboardPeriod(filter, clock);
  const scope = dashboardQaFilter(filter, period);
  // Without an advisor, the per-team rollup holds the same counts in far fewer rows.
  const r = scope.advisor ? qaDailyRules : qaDailyTeamRules;
  const [ruleResult, callResult] = await Promise.all([
    db.execute(sql`with w as (
                     select ${r.ruleId} as rule_id, ${weekOf(r.day)} as week, bool_or(${r.mandatory}) as mandatory, max(${r.title}) as title,
                            ${summed([r.applied, r.failed])}
                     from ${r} where ${rollupWhere(r, scope)} and ${r.applied} > 0 group by 1, 2)
                   select rule_id, week::text as week, bool_or(mandatory) as mandatory, max(title) as title, sum(applied)::int as applied,
                          sum(failed)::int as failed, ${rateOf(sql`sum(applied - failed)`, sql`sum(applied)`)} as pass_rate
                   from w group by grouping sets ((rule_id, week), (rule_id))`),
    db.execute(sql`with w as (
                     select ${weekOf(c.day)} as week, ${summed([c.calls, c.failedMandatory])}
                     from ${c} where ${rollupWhere(c, scope)} group by 1)
                   select week::text as week, sum(calls)::int as calls, sum(failed_mandatory)::int as failed_mandatory
                   from w group by grouping sets ((week), ()) having sum(calls) > 0 order by 1 nulls first`),
  ]);
  const ruleRows = rowsOf<RuleRow>(ruleResult);
  const callRows = rowsOf<CallRow>(callResult);
  const total = callRows.find((x) => x.week === null);
  const weeksOf = (id: string) =>
    ruleRows
      .filter((x) => x.rule_id === id && x.week !== null)
      .map((x) => ({ week: x.week!, applied: x.applied, failed: x.failed, pass_rate: x.pass_rate }))
      .sort((a, b) => a.week.localeCompare(b.week));
  const rules = ruleRows
    .filter((x) => x.week === null)
    .sort((a, b) => b.failed - a.failed || (a.rule_id < b.rule_id ? -1 : a.rule_id > b.rule_id ? 1 : 0))
    .map((x) => ({
      rule_id: x.rule_id,
      title: x.title,
      mandatory: x.mandatory,
      applied: x.applied,
      failed: x.failed,
      pass_rate: x.pass_rate,
      weeks: weeksOf(x.rule_id),
    }));
  return {
    period,
    calls: total?.calls ?? 0,
    failed_mandatory_calls: total?.failed_mandatory ?? 0,
    rules,
    mandatory_weeks: callRows
      .filter((x) => x.week !== null)
      .map((x) => ({ week: x.week!, calls: x.calls, failed_mandatory: x.failed_mandatory })),
    what:
      `${describeScope(filter, period)} For each rule, over the calls it applied to (a pass or a fail): how many calls ` +
      'failed it, and its pass rate (the share that passed). A call that failed at least one mandatory rule counts once ' +
      'among the failed mandatory calls. Each call counts once, by its newest analysis.',
  };
}
