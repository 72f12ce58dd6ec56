import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { qaDailyCalls as c } from '../db/schema/index.ts';
import { dashboardPeriod } from './period.ts';
import { meanOf, rollupWhere, summed, weekOf } from './rollups.ts';
import type { DashboardFilter, QaTrends } from '../contracts/dashboard-schemas.ts';
import { dashboardQaFilter } from './scope.ts';
import { describeScope } from './what.ts';

/**
 * QA score over time (schemas.ts qaTrendsSchema): the scope's weekly line and mean over the filter
 * WITHOUT its advisor (what an advisor is compared with), every advisor of the whole filter with
 * their weekly line, and the advisors furthest below the scope's mean. Means are of the scores of record (reviewed where reviewed, else the AI's)
 * of the calls that have one, one decimal; `calls` counts every call, `scored` those with a score.
 * vs_team is the difference of the two one-decimal means (as shown), one decimal. An advisor seen
 * in more than one team is shown in the team of most of their calls (then by name).
 */
const BELOW_TEAM_LIMIT = 5;
const round1 = (x: number) => Math.round(x * 10) / 10;

type Sums = { calls: number; scored: number; mean_score: number | null };
type WeekRow = Sums & { week: string | null };
/**
 * One grouping-set row: `part` says which line it belongs to (the team's or the advisors'); `all_*` = 1
 * where the row is over every advisor / team / week (SQL grouping()).
 */
type Row = WeekRow & {
  part: 'team' | 'advisors';
  advisor: string | null;
  team: string | null;
  all_advisors: number;
  all_teams: number;
  all_weeks: number;
};

const line = (r: WeekRow) => ({ week: r.week!, calls: r.calls, scored: r.scored, mean_score: r.mean_score });

/** The rollup summed per advisor, team and week first: the grouping sets then run over a few thousand rows. */
const byAdvisorWeek = (where: SQL) => sql`select ${c.advisor} as advisor, ${c.team} as team, ${weekOf(c.day)} as week,
  ${summed([c.calls, c.scored, c.scoreSum])} from ${c} where ${where} group by 1, 2, 3`;
const SUMS = sql`sum(calls)::int as calls, sum(scored)::int as scored, ${meanOf(sql`sum(score_sum)`, sql`sum(scored)`)} as mean_score`;
/** The team's line per week and over the period. */
const TEAM = sql`select 'team' as part, null as advisor, null as team, week::text as week, ${SUMS},
  1 as all_advisors, 1 as all_teams, grouping(week)::int as all_weeks
  from w group by grouping sets ((week), ()) having sum(calls) > 0`;
/** Per advisor and week, per advisor, per advisor and team (for their team), and over everyone (the filter's count). */
const ADVISORS = sql`select 'advisors' as part, advisor, team, week::text as week, ${SUMS},
  grouping(advisor)::int as all_advisors, grouping(team)::int as all_teams, grouping(week)::int as all_weeks
  from w group by grouping sets ((advisor, week), (advisor), (advisor, team), ()) having sum(calls) > 0`;

export async function qaTrends(db: Db, filter: DashboardFilter, clock?: string): Promise<QaTrends> {
  const period = dashboardPeriod(filter, clock);
  const scope = rollupWhere(c, dashboardQaFilter(filter, period, { withoutAdvisor: true }));
  // Without an advisor both lines are over the same rows: one statement reads them once.
  const results = filter.advisor
    ? await Promise.all([
        db.execute(sql`with w as (${byAdvisorWeek(scope)}) ${TEAM}`),
        db.execute(sql`with w as (${byAdvisorWeek(rollupWhere(c, dashboardQaFilter(filter, period)))}) ${ADVISORS}`),
      ])
    : [await db.execute(sql`with w as (${byAdvisorWeek(scope)}) ${TEAM} union all ${ADVISORS}`)];
  const rows = results.flatMap((r) => rowsOf<Row>(r));
  const teamRows = rows.filter((r) => r.part === 'team');
  const advisorRows = rows.filter((r) => r.part === 'advisors');
  const team_mean = teamRows.find((r) => r.all_weeks === 1)?.mean_score ?? null;
  const advisors = advisorsOf(advisorRows, team_mean);
  const below_team = advisors
    .flatMap((a) =>
      a.mean_score !== null && a.vs_team !== null && a.vs_team < 0
        ? [{ advisor: a.advisor, calls: a.calls, mean_score: a.mean_score, vs_team: a.vs_team }]
        : [],
    )
    .sort((a, b) => a.vs_team - b.vs_team || a.advisor.localeCompare(b.advisor))
    .slice(0, BELOW_TEAM_LIMIT);
  return {
    period,
    calls: advisorRows.find((r) => r.all_advisors === 1)?.calls ?? 0,
    team_mean,
    team: teamRows
      .filter((r) => r.all_weeks === 0)
      .map(line)
      .sort((a, b) => a.week.localeCompare(b.week)),
    advisors,
    below_team,
    what:
      `${describeScope(filter, period)} A QA score is the average of the calls' scores, to one decimal: the score a ` +
      "reviewer gave where one decided, else the AI's. The team average covers the same calls with no advisor chosen; " +
      "“against the team” is an advisor's average minus the team average. Listed below: the advisors furthest below " +
      `the team average (at most ${BELOW_TEAM_LIMIT}).`,
  };
}

/** Every advisor (calls without an advisor aside), by name, with their team, weeks and distance from team_mean. */
function advisorsOf(rows: Row[], teamMean: number | null): QaTrends['advisors'] {
  type Named = Row & { advisor: string };
  const by = new Map<string, { total?: Named; teams: Named[]; weeks: Named[] }>();
  for (const r of rows) {
    if (r.all_advisors === 1 || r.advisor === null) continue;
    const a = by.get(r.advisor) ?? { teams: [], weeks: [] };
    if (r.all_weeks === 0) a.weeks.push(r as Named);
    else if (r.all_teams === 0) a.teams.push(r as Named);
    else a.total = r as Named;
    by.set(r.advisor, a);
  }
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([advisor, a]) => {
      if (!a.total) return [];
      const teams = a.teams.filter((t) => t.team !== null).sort((x, y) => y.calls - x.calls || x.team!.localeCompare(y.team!));
      const { calls, scored, mean_score } = a.total;
      return [
        {
          advisor,
          team: teams[0]?.team ?? null,
          calls,
          scored,
          mean_score,
          vs_team: mean_score === null || teamMean === null ? null : round1(mean_score - teamMean),
          weeks: a.weeks.map(line).sort((x, y) => x.week.localeCompare(y.week)),
        },
      ];
    });
}
