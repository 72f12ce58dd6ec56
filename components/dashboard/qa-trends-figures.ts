import type { QaTrends } from '@/server/contracts/dashboard-schemas';
import { scoreText } from '@/components/qa/format';
import { dayText, periodText } from './days';
import { qaHref, qaWeekHref, type DrillScope } from './drill-down';
import type { Figure, FigureRow, SeriesSpec } from './figure';
import { BAD, seriesColour } from './palette';
import { scopeText, teamLineName } from './scope';
import { weekAxis, withNote } from './weekly';

/**
 * The QA score figures (pure): the score per week of the team line and of each advisor, and each
 * advisor's mean against the team's. Means are over scored calls; the tooltip and table give the
 * number behind each point.
 */
export function qaTrendsFigures(data: QaTrends, scope: DrillScope): Figure[] {
  return [scoreByWeek(data, scope), advisorsVsTeam(data, scope)];
}

/** The line advisors are read against, in a sentence: the team chosen, else every advisor in scope. */
const teamWords = (scope: DrillScope) => (scope.filter.team ? `team ${scope.filter.team}` : 'all advisors in scope');

const noCalls = (data: QaTrends, scope: DrillScope) =>
  data.calls === 0 ? `No analysed calls in ${periodText(data.period)} for ${scopeText(scope.filter)}.` : null;

function scoreByWeek(data: QaTrends, scope: DrillScope): Figure {
  const team = weekAxis(data.period, data.team);
  const teamName = teamLineName(scope.filter);
  const series: SeriesSpec[] = [
    {
      name: teamName,
      type: 'line',
      strong: true,
      values: team.values((w) => w.mean_score),
      counts: team.values((w) => w.scored),
      hrefs: team.weeks.map((w) => (team.at(w) ? qaWeekHref(scope, w, { advisor: undefined }) : null)),
    },
  ];
  const rows: FigureRow[] = team.weeks.flatMap((w) => {
    const r = team.at(w);
    if (!r) return [];
    return [
      {
        cells: { series: teamName, week: w, calls: r.calls, scored: r.scored, mean: r.mean_score },
        href: qaWeekHref(scope, w, { advisor: undefined }),
      },
    ];
  });
  data.advisors.forEach((a, i) => {
    const byWeek = new Map(a.weeks.map((w) => [w.week, w]));
    const at = (w: string) => byWeek.get(w);
    series.push({
      name: a.advisor,
      type: 'line',
      color: seriesColour(i),
      values: team.weeks.map((w) => at(w)?.mean_score ?? null),
      counts: team.weeks.map((w) => at(w)?.scored ?? null),
      hrefs: team.weeks.map((w) => (at(w) ? qaWeekHref(scope, w, { advisor: a.advisor }) : null)),
    });
    for (const w of a.weeks) {
      const cells = { series: a.advisor, week: w.week, calls: w.calls, scored: w.scored, mean: w.mean_score };
      rows.push({ cells, href: qaWeekHref(scope, w.week, { advisor: a.advisor }) });
    }
  });
  return {
    id: 'qa-score-by-week',
    title: 'QA score per week',
    caption: withNote(
      `Mean QA score per week of ${teamWords(scope)} (the broad grey line) and of each advisor: the ` +
        'reviewed score where a reviewer decided, else the AI score. Weeks without calls are gaps, not zeros.',
      team.note,
    ),
    table: {
      columns: [
        { key: 'series', label: 'Advisor or team', kind: 'text', rowHeader: true },
        { key: 'week', label: 'Week commencing', kind: 'week' },
        { key: 'calls', label: 'Calls', kind: 'count' },
        { key: 'scored', label: 'Scored calls', kind: 'count' },
        { key: 'mean', label: 'Mean QA score', kind: 'score' },
      ],
      rows,
    },
    chart: rows.length
      ? {
          kind: 'cartesian',
          categories: team.weeks.map(dayText),
          axes: [{ kind: 'score', name: 'Mean QA score' }],
          series,
          countName: 'scored calls',
        }
      : null,
    empty: rows.length ? null : (noCalls(data, scope) ?? 'No call in scope has an AI score yet.'),
  };
}

function advisorsVsTeam(data: QaTrends, scope: DrillScope): Figure {
  const ordered = [...data.advisors].sort(
    (a, b) => (a.vs_team ?? Infinity) - (b.vs_team ?? Infinity) || a.advisor.localeCompare(b.advisor),
  );
  const below = new Set(data.below_team.map((b) => b.advisor));
  const hrefs = ordered.map((a) => qaHref(scope, { advisor: a.advisor }));
  const pick = (isBelow: boolean) => ordered.map((a) => (below.has(a.advisor) === isBelow ? a.mean_score : null));
  const rows: FigureRow[] = ordered.map((a, i) => ({
    cells: {
      advisor: a.advisor,
      team: a.team,
      calls: a.calls,
      scored: a.scored,
      mean: a.mean_score,
      vs_team: a.vs_team,
      below: below.has(a.advisor),
    },
    href: hrefs[i]!,
  }));
  const furthest = data.below_team[0];
  return {
    id: 'advisors-vs-team',
    title: 'Advisors against the team mean',
    caption:
      `Each advisor’s mean AI score over ${periodText(data.period)}, lowest first; the dashed line is the mean of ${teamWords(scope)}` +
      (furthest ? `. Furthest below: ${furthest.advisor}.` : '.'),
    table: {
      columns: [
        { key: 'advisor', label: 'Advisor', kind: 'text', rowHeader: true },
        { key: 'team', label: 'Team', kind: 'text' },
        { key: 'calls', label: 'Calls', kind: 'count' },
        { key: 'scored', label: 'Scored calls', kind: 'count' },
        { key: 'mean', label: 'Mean QA score', kind: 'score' },
        { key: 'vs_team', label: 'Against the team', kind: 'signed' },
        { key: 'below', label: 'Among the furthest below', kind: 'flag' },
      ],
      rows,
    },
    chart: ordered.some((a) => a.mean_score !== null)
      ? {
          kind: 'cartesian',
          horizontal: true,
          categories: ordered.map((a) => a.advisor),
          countName: 'scored calls',
          axes: [{ kind: 'score', name: 'Mean QA score' }],
          series: [
            {
              name: 'At or above the team mean',
              type: 'bar',
              stack: 'advisor',
              values: pick(false),
              counts: ordered.map((a) => a.scored),
              hrefs,
            },
            {
              name: 'Below the team mean',
              type: 'bar',
              stack: 'advisor',
              color: BAD,
              values: pick(true),
              counts: ordered.map((a) => a.scored),
              hrefs,
            },
          ],
          reference: data.team_mean === null ? undefined : { value: data.team_mean, label: `Team mean ${scoreText(data.team_mean)}` },
        }
      : null,
    empty: !ordered.length
      ? (noCalls(data, scope) ?? 'No advisor in scope.')
      : ordered.some((a) => a.mean_score !== null)
        ? null
        : 'No advisor in scope has a scored call yet.',
  };
}
