import { describe, expect, it } from 'vitest';
import type { CartesianChart } from './figure';
import { qaTrendsFigures } from './qa-trends-figures';
import { SCOPE, TRENDS } from './test-fixtures';

const params = (href: string | null | undefined) => Object.fromEntries(new URLSearchParams(href!.split('?')[1]));

describe('QA score figures', () => {
  const [byWeek, vsTeam] = qaTrendsFigures(TRENDS, SCOPE);

  it('draw every week of the period, weeks without calls as gaps and never as zeros', () => {
    const chart = byWeek!.chart as CartesianChart;
    expect(chart.categories).toEqual(['3 Jun 2024', '10 Jun 2024', '17 Jun 2024', '24 Jun 2024', '1 Jul 2024']);
    expect(chart.series.map((s) => s.name)).toEqual(['Team Home Finance North', 'Alex Wong', 'Tom Ellis']);
    expect(chart.series[0]).toMatchObject({ strong: true, values: [72, 66.7, null, null, 71], counts: [3, 3, null, null, 2] });
    expect(chart.series[1]!.values).toEqual([null, 60, null, null, 64]);
    expect(chart.series[2]!.values).toEqual([72, 80, null, null, null]);
  });

  it('open the week’s calls: the team line without the advisor filter, an advisor’s line with it', () => {
    const chart = byWeek!.chart as CartesianChart;
    expect(params(chart.series[0]!.hrefs![1])).toEqual({ team: 'Home Finance North', from: '2024-06-10', to: '2024-06-16' });
    expect(chart.series[0]!.hrefs![2]).toBeNull();
    expect(params(chart.series[1]!.hrefs![4])).toEqual({
      advisor: 'Alex Wong',
      team: 'Home Finance North',
      from: '2024-07-01',
      to: '2024-07-03',
    });
  });

  it('list the same points as table rows, with the calls behind each', () => {
    const rows = byWeek!.table.rows.map((r) => r.cells);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ series: 'Team Home Finance North', week: '2024-06-03', calls: 3, scored: 3, mean: 72 });
    expect(rows.filter((r) => r.series === 'Alex Wong').map((r) => r.week)).toEqual(['2024-06-10', '2024-07-01']);
    expect(byWeek!.table.rows.every((r) => r.href?.startsWith('/qa?'))).toBe(true);
  });

  it('rank advisors lowest first against the team mean, the ones below it apart', () => {
    const chart = vsTeam!.chart as CartesianChart;
    expect(chart.categories).toEqual(['Alex Wong', 'Tom Ellis']);
    expect(chart.reference).toEqual({ value: 70, label: 'Team mean 70' });
    expect(chart.series.map((s) => [s.name, s.values])).toEqual([
      ['At or above the team mean', [null, 76]],
      ['Below the team mean', [62, null]],
    ]);
    expect(vsTeam!.table.rows.map((r) => [r.cells.advisor, r.cells.vs_team, r.cells.below])).toEqual([
      ['Alex Wong', -8, true],
      ['Tom Ellis', 6, false],
    ]);
    expect(params(vsTeam!.table.rows[0]!.href)).toMatchObject({ advisor: 'Alex Wong' });
  });

  it('say why there is nothing to draw when the period has no calls', () => {
    const empty = qaTrendsFigures({ ...TRENDS, calls: 0, team_mean: null, team: [], advisors: [], below_team: [] }, SCOPE);
    for (const f of empty) {
      expect(f.chart).toBeNull();
      expect(f.table.rows).toEqual([]);
      expect(f.empty).toBe('No analysed calls in 5 Jun 2024 – 3 Jul 2024 for team Home Finance North.');
    }
  });
});
