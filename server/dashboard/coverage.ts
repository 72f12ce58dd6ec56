import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { qaDailyCalls as c } from '../db/schema/index.ts';
import { agreementTotals } from '../qa/agreement.ts';
import { dashboardPeriod } from './period.ts';
import { recordedPerWeek, type RecordedCounter } from './recorded.ts';
import { rollupWhere, summed, weekOf } from './rollups.ts';
import type { DashboardFilter, ReviewCoverage } from '../contracts/dashboard-schemas.ts';
import { dashboardQaFilter, dashboardWhere } from './scope.ts';
import { describeScope } from './what.ts';

/**
 * Coverage and review (schemas.ts reviewCoverageSchema): the calls the CRM recorded in the period
 * and scope (recorded.ts; null with a note when it cannot say — the rest still answers) against the
 * calls analysed (stored QA results), per week; the analysed calls per review state (unreviewed =
 * the AI's result alone); and human–AI agreement over the current decisions on those calls
 * (server/qa/agreement.ts: the newest decision per result and rule, or per result's score).
 */
type Review = { unreviewed: number; in_review: number; awaiting_second_signoff: number; signed_off: number };
type Row = Review & { week: string | null; analysed: number };
const rate3 = (part: number, n: number) => (n ? Math.round((part / n) * 1000) / 1000 : null);

export async function reviewCoverage(db: Db, filter: DashboardFilter, clock?: string, crm?: RecordedCounter): Promise<ReviewCoverage> {
  const period = dashboardPeriod(filter, clock);
  const [result, agreement, recorded] = await Promise.all([
    db.execute(sql`with w as (
                     select ${weekOf(c.day)} as week, ${summed([c.calls, c.unreviewed, c.inReview, c.awaitingSecondSignoff, c.signedOff])}
                     from ${c} where ${rollupWhere(c, dashboardQaFilter(filter, period))} group by 1)
                   select week::text as week, sum(calls)::int as analysed, sum(unreviewed)::int as unreviewed,
                          sum(in_review)::int as in_review, sum(awaiting_second_signoff)::int as awaiting_second_signoff,
                          sum(signed_off)::int as signed_off
                   from w group by grouping sets ((week), ()) having sum(calls) > 0`),
    agreementTotals(db, dashboardWhere(filter, period)),
    recordedPerWeek(filter, period, crm),
  ]);
  const rows = rowsOf<Row>(result);
  const total = rows.find((r) => r.week === null);
  const analysedBy = new Map(rows.flatMap((r) => (r.week === null ? [] : [[r.week, r.analysed] as const])));
  // Weeks with an analysed or a recorded call; a week with neither is absent (never a zero that was not measured).
  const recordedWeeks = [...(recorded.weeks ?? [])].flatMap(([w, n]) => (n > 0 ? [w] : []));
  const keys = [...new Set([...analysedBy.keys(), ...recordedWeeks])].sort();
  return {
    period,
    recorded: recorded.total,
    recorded_note: recorded.note,
    analysed: total?.analysed ?? 0,
    weeks: keys.map((week) => ({
      week,
      recorded: recorded.weeks ? (recorded.weeks.get(week) ?? 0) : null,
      analysed: analysedBy.get(week) ?? 0,
    })),
    review: {
      unreviewed: total?.unreviewed ?? 0,
      in_review: total?.in_review ?? 0,
      awaiting_second_signoff: total?.awaiting_second_signoff ?? 0,
      signed_off: total?.signed_off ?? 0,
    },
    agreement: {
      rule_decisions: agreement.ruleDecisions,
      rule_agreed: agreement.ruleAgreed,
      rule_rate: rate3(agreement.ruleAgreed, agreement.ruleDecisions),
      score_decisions: agreement.scoreDecisions,
      score_overridden: agreement.scoreOverridden,
      mean_abs_diff: agreement.meanAbsDiff,
    },
    what:
      `${describeScope(filter, period)} Recorded: the calls the CRM holds for the period and scope, by the day recorded. ` +
      'Analysed: those with a QA result (each by its newest analysis). Review: the analysed calls by where their review ' +
      "stands (unreviewed means the AI's result alone). Agreement compares reviewers' current decisions with the AI: the " +
      "share of rule decisions that agree with the AI's verdict, and, where a reviewer changed a score, how far apart " +
      'the two scores are on average.',
  };
}
