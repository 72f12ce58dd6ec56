import { londonDay } from '../../../lib/uk-time.ts';
import type { QaResultRow, QaReviewActionRow } from '../../db/schema/index.ts';
import type {
  ComplianceOverview,
  CustomerOutcomes,
  DashboardFilter,
  DashboardPeriod,
  QaTrends,
  ReviewCoverage,
} from '../../contracts/dashboard-schemas.ts';

/**
 * The dashboard's widgets computed directly, in plain TypeScript, from the rows of `qa_results`
 * and `qa_review_actions` as stored — what the integration tests hold the SQL over the rollups to.
 * Written from the contract (schemas.ts), not from the widgets' code.
 */
const lower = (s: string | null) => s?.toLowerCase() ?? null;
const round1 = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) * 10) / xs.length) / 10 : null);
const rate3 = (part: number, n: number) => (n ? Math.round((part / n) * 1000) / 1000 : null);
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Monday (YYYY-MM-DD) of the London week of an instant. */
export function mondayOf(iso: string): string {
  const t = Date.parse(`${londonDay(iso)}T00:00:00Z`);
  return new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

/** Each call's record (not a test run), with a call date in the period, of the advisor / team / product (any case). */
export function inScope(rows: QaResultRow[], f: DashboardFilter, p: DashboardPeriod, withoutAdvisor = false): QaResultRow[] {
  return rows.filter(
    (r) =>
      r.latest &&
      !r.testRun &&
      r.callAt !== null &&
      londonDay(r.callAt) >= p.from &&
      londonDay(r.callAt) <= p.to &&
      (withoutAdvisor || !f.advisor || lower(r.advisor) === lower(f.advisor)) &&
      (!f.team || lower(r.team) === lower(f.team)) &&
      (!f.product || lower(r.product) === lower(f.product)),
  );
}

function groupBy<T>(xs: T[], key: (x: T) => string | null): Map<string | null, T[]> {
  const m = new Map<string | null, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}
const weekly = <T>(rows: QaResultRow[], f: (week: string, rows: QaResultRow[]) => T) =>
  [...groupBy(rows, (r) => mondayOf(r.callAt!))].sort(([a], [b]) => byCode(a!, b!)).map(([w, rs]) => f(w!, rs));
/** The figures of record, worked out here from the reviewed and the AI's columns (not the generated ones). */
const scoreOf = (r: QaResultRow) => r.reviewedScore ?? r.score;
const scores = (rows: QaResultRow[]) => rows.flatMap((r) => (scoreOf(r) === null ? [] : [scoreOf(r)!]));
const failedMandatoryOf = (r: QaResultRow) => r.reviewedFailedMandatory ?? r.failedMandatory;
const rulesFailedOf = (r: QaResultRow) => r.reviewedRulesFailed ?? r.rulesFailed;
const scoreLine = (week: string, rs: QaResultRow[]) => ({
  week,
  calls: rs.length,
  scored: scores(rs).length,
  mean_score: mean(scores(rs)),
});

export function expectedQaTrends(rows: QaResultRow[], f: DashboardFilter, p: DashboardPeriod): Omit<QaTrends, 'what'> {
  const team = inScope(rows, f, p, true);
  const whole = inScope(rows, f, p);
  const teamMean = mean(scores(team));
  const advisors = [
    ...groupBy(
      whole.filter((r) => r.advisor !== null),
      (r) => r.advisor,
    ),
  ]
    .sort(([a], [b]) => a!.localeCompare(b!))
    .map(([advisor, rs]) => {
      const teams = [
        ...groupBy(
          rs.filter((r) => r.team !== null),
          (r) => r.team,
        ),
      ].sort(([a, x], [b, y]) => y.length - x.length || a!.localeCompare(b!));
      const m = mean(scores(rs));
      return {
        advisor: advisor!,
        team: teams[0]?.[0] ?? null,
        calls: rs.length,
        scored: scores(rs).length,
        mean_score: m,
        vs_team: m === null || teamMean === null ? null : round1(m - teamMean),
        weeks: weekly(rs, scoreLine),
      };
    });
  const below = advisors
    .filter((a) => a.vs_team !== null && a.vs_team < 0)
    .map((a) => ({ advisor: a.advisor, calls: a.calls, mean_score: a.mean_score!, vs_team: a.vs_team! }))
    .sort((a, b) => a.vs_team - b.vs_team || a.advisor.localeCompare(b.advisor))
    .slice(0, 5);
  return { period: p, calls: whole.length, team_mean: teamMean, team: weekly(team, scoreLine), advisors, below_team: below };
}

/** Per call, the rules that applied to it (pass or fail): failed if any verdict failed, mandatory if any says so, the greatest text. */
export function rulesOfCall(r: QaResultRow) {
  const applied = (r.reviewedVerdicts ?? r.verdicts).filter((v) => v.verdict === 'pass' || v.verdict === 'fail');
  return [...groupBy(applied, (v) => v.rule_id)].map(([id, vs]) => ({
    rule_id: id!,
    failed: vs.some((v) => v.verdict === 'fail'),
    mandatory: vs.some((v) => v.mandatory),
    title: vs.map((v) => v.rule).reduce((a, b) => (b > a ? b : a), ''),
  }));
}

export function expectedCompliance(rows: QaResultRow[], f: DashboardFilter, p: DashboardPeriod): Omit<ComplianceOverview, 'what'> {
  const whole = inScope(rows, f, p);
  const applied = whole.flatMap((r) => rulesOfCall(r).map((x) => ({ ...x, week: mondayOf(r.callAt!) })));
  const counts = (xs: typeof applied) => ({ applied: xs.length, failed: xs.filter((x) => x.failed).length });
  const rules = [...groupBy(applied, (x) => x.rule_id)]
    .map(([id, xs]) => {
      const c = counts(xs);
      return {
        rule_id: id!,
        title: xs.map((x) => x.title).reduce((a, b) => (b > a ? b : a), ''),
        mandatory: xs.some((x) => x.mandatory),
        ...c,
        pass_rate: rate3(c.applied - c.failed, c.applied),
        weeks: [...groupBy(xs, (x) => x.week)]
          .sort(([a], [b]) => byCode(a!, b!))
          .map(([week, ws]) => {
            const w = counts(ws);
            return { week: week!, ...w, pass_rate: rate3(w.applied - w.failed, w.applied) };
          }),
      };
    })
    .sort((a, b) => b.failed - a.failed || byCode(a.rule_id, b.rule_id));
  const failedMandatory = (rs: QaResultRow[]) => rs.filter((r) => failedMandatoryOf(r) > 0).length;
  return {
    period: p,
    calls: whole.length,
    failed_mandatory_calls: failedMandatory(whole),
    rules,
    mandatory_weeks: weekly(whole, (week, rs) => ({ week, calls: rs.length, failed_mandatory: failedMandatory(rs) })),
  };
}

export function expectedCustomers(rows: QaResultRow[], f: DashboardFilter, p: DashboardPeriod): Omit<CustomerOutcomes, 'what'> {
  const whole = inScope(rows, f, p);
  const flagged = (r: QaResultRow) => r.vulnerable || r.confused || r.anxious;
  const outcome = (rs: QaResultRow[]) => ({
    calls: rs.length,
    scored: scores(rs).length,
    mean_score: mean(scores(rs)),
    failed_mandatory: rs.filter((r) => failedMandatoryOf(r) > 0).length,
    fails: rs.filter((r) => rulesFailedOf(r) > 0).length,
  });
  const pair = (rs: QaResultRow[], product: string | null) => [
    { group: 'vulnerable' as const, product, ...outcome(rs.filter((r) => r.vulnerable)) },
    { group: 'not_vulnerable' as const, product, ...outcome(rs.filter((r) => !r.vulnerable)) },
  ];
  const products = [...new Set(whole.flatMap((r) => (r.product === null ? [] : [r.product])))].sort((a, b) => a.localeCompare(b));
  return {
    period: p,
    calls: whole.length,
    weeks: weekly(whole, (week, rs) => ({
      week,
      calls: rs.length,
      vulnerable: rs.filter((r) => r.vulnerable).length,
      confused: rs.filter((r) => r.confused).length,
      anxious: rs.filter((r) => r.anxious).length,
      flagged_mean_score: mean(scores(rs.filter(flagged))),
      other_mean_score: mean(scores(rs.filter((r) => !flagged(r)))),
    })),
    groups: [
      ...pair(whole, null),
      ...products.flatMap((product) =>
        pair(
          whole.filter((r) => r.product === product),
          product,
        ),
      ),
    ],
  };
}

/** The newest action per key (the current decision). */
function newest(actions: QaReviewActionRow[], key: (a: QaReviewActionRow) => string): QaReviewActionRow[] {
  return [...groupBy(actions, key).values()].map((as) => as.reduce((a, b) => (b.createdAt > a.createdAt ? b : a)));
}

/** Coverage without the CRM's part (recorded, recorded_note and the weeks' `recorded`). */
export function expectedCoverage(rows: QaResultRow[], actions: QaReviewActionRow[], f: DashboardFilter, p: DashboardPeriod) {
  const whole = inScope(rows, f, p);
  const ids = new Set(whole.map((r) => r.id));
  const mine = actions.filter((a) => ids.has(a.qaResultId));
  const rules = newest(
    mine.filter((a) => a.kind === 'rule'),
    (a) => `${a.qaResultId}|${a.ruleId}`,
  );
  const scored = newest(
    mine.filter((a) => a.kind === 'score'),
    (a) => a.qaResultId,
  );
  const overridden = scored.filter((a) => a.decision === 'override');
  const diffs = overridden.map((a) => Math.abs(a.humanScore! - a.aiScore!));
  const status = (s: QaResultRow['reviewStatus']) => whole.filter((r) => r.reviewStatus === s).length;
  type Expected = Omit<ReviewCoverage, 'what' | 'recorded' | 'recorded_note' | 'weeks'> & {
    weeks: Array<{ week: string; analysed: number }>;
  };
  const coverage: Expected = {
    period: p,
    analysed: whole.length,
    weeks: weekly(whole, (week, rs) => ({ week, analysed: rs.length })),
    review: {
      unreviewed: status('unreviewed'),
      in_review: status('in_review'),
      awaiting_second_signoff: status('awaiting_second_signoff'),
      signed_off: status('signed_off'),
    },
    agreement: {
      rule_decisions: rules.length,
      rule_agreed: rules.filter((a) => a.decision === 'agree').length,
      rule_rate: rate3(rules.filter((a) => a.decision === 'agree').length, rules.length),
      score_decisions: scored.length,
      score_overridden: overridden.length,
      mean_abs_diff: diffs.length ? round1(diffs.reduce((a, b) => a + b, 0) / diffs.length) : null,
    },
  };
  return coverage;
}
