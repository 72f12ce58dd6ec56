import { describe, expect, it } from 'vitest';
import { coverageFigures } from './coverage-figures';
import type { CartesianChart } from './figure';
import { COVERAGE, SCOPE } from './test-fixtures';

describe('coverage and review figures', () => {
  const [recorded, review] = coverageFigures(COVERAGE, SCOPE);

  it('set recorded against analysed per week; a week the CRM could not count is a gap', () => {
    const chart = recorded!.chart as CartesianChart;
    expect(chart.series.map((s) => s.values)).toEqual([
      [4, 5, 1, null, null],
      [3, 4, 0, null, 2],
    ]);
    expect(chart.series[1]!.hrefs!.map((h) => h !== null)).toEqual([true, true, false, false, true]);
    expect(recorded!.table.rows.map((r) => r.cells.share)).toEqual([0.75, 0.8, 0, null]);
  });

  it('count calls by review state and open each state’s calls', () => {
    expect(review!.table.rows.map((r) => [r.cells.status, r.cells.calls, r.cells.share])).toEqual([
      ['Unreviewed (AI only)', 6, 0.667],
      ['In review', 1, 0.111],
      ['Awaiting second sign-off', 1, 0.111],
      ['Signed off', 1, 0.111],
    ]);
    expect(new URLSearchParams(review!.table.rows[2]!.href!.split('?')[1]).get('review_status')).toBe('awaiting_second_signoff');
  });
});
