import { describe, expect, it } from 'vitest';
import { complianceFigures } from './compliance-figures';
import type { CartesianChart, HeatmapChart } from './figure';
import { COMPLIANCE, SCOPE } from './test-fixtures';

const params = (href: string | null | undefined) => Object.fromEntries(new URLSearchParams(href!.split('?')[1]));

describe('compliance figures', () => {
  const [grid, mandatory, failing] = complianceFigures(COMPLIANCE, SCOPE);

  it('grid each rule’s pass rate by week, with no cell where the rule did not apply', () => {
    const chart = grid!.chart as HeatmapChart;
    expect(chart.rows).toEqual(['FCA-DISC-02 (mandatory)', 'QA-RAPPORT-01']);
    expect(chart.columns).toEqual(['3 Jun 2024', '10 Jun 2024', '17 Jun 2024', '24 Jun 2024', '1 Jul 2024']);
    expect(chart.cells.map(({ column, row, value, count }) => [column, row, value, count])).toEqual([
      [0, 0, 1, 3],
      [1, 0, 0.5, 4],
      [4, 0, 0.5, 2],
      [1, 1, 1, 4],
    ]);
    // A cell opens the calls that failed the rule that week; a week nobody failed opens nothing.
    expect(params(chart.cells[1]!.href)).toEqual({
      team: 'Home Finance North',
      rule_id: 'FCA-DISC-02',
      from: '2024-06-10',
      to: '2024-06-16',
    });
    expect(chart.cells[0]!.href).toBeNull();
    expect(grid!.table.rows).toHaveLength(4);
  });

  it('count calls failing a mandatory rule per week with their share of the week’s calls', () => {
    const chart = mandatory!.chart as CartesianChart;
    expect(chart.series[0]!.values).toEqual([0, 2, null, null, 1]);
    expect(chart.series[1]).toMatchObject({ axis: 1, values: [0, 0.5, null, null, 0.5] });
    expect(params(chart.series[0]!.hrefs![1])).toMatchObject({ failed_mandatory: 'true', from: '2024-06-10', to: '2024-06-16' });
    expect(mandatory!.table.rows.map((r) => r.cells)).toEqual([
      { week: '2024-06-03', calls: 3, failed: 0, share: 0 },
      { week: '2024-06-10', calls: 4, failed: 2, share: 0.5 },
      { week: '2024-07-01', calls: 2, failed: 1, share: 0.5 },
    ]);
  });

  it('rank the rules by failures, mandatory rules apart, and open the calls that failed each', () => {
    const chart = failing!.chart as CartesianChart;
    expect(chart.categories).toEqual(['FCA-DISC-02 APRC stated', 'QA-RAPPORT-01 Rapport']);
    expect(chart.series.map((s) => s.values)).toEqual([
      [3, null],
      [null, 0],
    ]);
    expect(params(failing!.table.rows[0]!.href)).toEqual({
      team: 'Home Finance North',
      rule_id: 'FCA-DISC-02',
      from: '2024-06-05',
      to: '2024-07-03',
    });
    expect(failing!.table.rows[1]!.href).toBeNull();
  });
});
