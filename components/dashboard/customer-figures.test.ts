import { describe, expect, it } from 'vitest';
import { customerFigures } from './customer-figures';
import type { CartesianChart } from './figure';
import { CUSTOMERS, SCOPE } from './test-fixtures';

const params = (href: string | null | undefined) => Object.fromEntries(new URLSearchParams(href!.split('?')[1]));

describe('customer outcome figures', () => {
  const [flags, scores, groups] = customerFigures(CUSTOMERS, SCOPE);

  it('count each flag per week; the vulnerable bars open the vulnerable customers’ calls', () => {
    const chart = flags!.chart as CartesianChart;
    expect(chart.categories).toEqual(['3 Jun 2024', '10 Jun 2024']);
    expect(chart.series.map((s) => [s.name, s.values])).toEqual([
      ['Vulnerable', [1, 0]],
      ['Confused', [0, 0]],
      ['Anxious', [1, 0]],
    ]);
    expect(flags!.caption).toContain('No calls in the period after w/c 10 Jun 2024.');
    expect(params(chart.series[0]!.hrefs![0])).toMatchObject({ vulnerable: 'true', from: '2024-06-05', to: '2024-06-09' });
    expect(chart.series[0]!.hrefs![1]).toBeNull();
    expect(params(chart.series[1]!.hrefs![1])).toEqual({ team: 'Home Finance North', from: '2024-06-10', to: '2024-06-16' });
  });

  it('compare flagged calls’ scores with the others’, a week without flagged calls as a gap', () => {
    const chart = scores!.chart as CartesianChart;
    expect(chart.series.map((s) => s.values)).toEqual([
      [60, null],
      [78, 66.7],
    ]);
  });

  it('compare vulnerable customers with the others over every product and per product', () => {
    const chart = groups!.chart as CartesianChart;
    expect(chart.categories).toEqual(['All products', 'HELOC 2.0', 'Homeowner Loan']);
    expect(chart.series.map((s) => [s.name, s.values, s.counts])).toEqual([
      ['Vulnerable', [60, 60, null], [1, 1, null]],
      ['Not vulnerable', [71.4, 70, 72.5], [7, 3, 4]],
    ]);
    expect(params(chart.series[0]!.hrefs![1])).toMatchObject({ vulnerable: 'true', product: 'HELOC 2.0' });
    expect(params(chart.series[1]!.hrefs![0])).toEqual({
      vulnerable: 'false',
      team: 'Home Finance North',
      from: '2024-06-05',
      to: '2024-07-03',
    });
    expect(groups!.table.rows[0]!.cells).toMatchObject({
      product: 'All products',
      group: 'Vulnerable',
      failed_mandatory: 1,
      mandatory_share: 1,
    });
    expect(groups!.table.rows).toHaveLength(5);
  });
});
