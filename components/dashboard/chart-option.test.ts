import { describe, expect, it } from 'vitest';
import { chartHeight, chartOption, dayLabelFormatter, heatmapTooltip, pointHref, pointTooltip } from './chart-option';
import { complianceFigures } from './compliance-figures';
import type { CartesianChart, HeatmapChart } from './figure';
import { qaTrendsFigures } from './qa-trends-figures';
import { chartSvg } from './static-svg';
import { COMPLIANCE, SCOPE, TRENDS } from './test-fixtures';

const [byWeek, vsTeam] = qaTrendsFigures(TRENDS, SCOPE);
const [grid, mandatory] = complianceFigures(COMPLIANCE, SCOPE);

describe('chart options', () => {
  it('keep gaps as nulls and plot rates as percentages', () => {
    const option = chartOption(mandatory!.chart!) as { series: Array<{ data: unknown[]; yAxisIndex: number }> };
    expect(option.series[0]!.data).toEqual([0, 2, null, null, 1]);
    expect(option.series[1]).toMatchObject({ data: [0, 50, null, null, 50], yAxisIndex: 1 });
  });

  it('let one advisor’s line be followed among many: hovering it (its line, a point or its legend entry) fades the others', () => {
    const option = chartOption(byWeek!.chart!) as { series: Array<Record<string, unknown>> };
    const advisor = option.series[1]!;
    expect(advisor).toMatchObject({ triggerLineEvent: true, emphasis: { focus: 'series' }, blur: { lineStyle: { opacity: 0.15 } } });
  });

  it('name the series, the week, the value and the calls behind it in the tooltip', () => {
    expect(pointTooltip(byWeek!.chart as CartesianChart, 1, 1)).toEqual([
      'Alex Wong',
      '10 Jun 2024: 60 · 2 scored calls',
      'Click to open these calls',
    ]);
    expect(pointTooltip(byWeek!.chart as CartesianChart, 1, 2)).toEqual(['Alex Wong', '17 Jun 2024: not measured']);
    expect(heatmapTooltip(grid!.chart as HeatmapChart, 1)).toEqual([
      'FCA-DISC-02 (mandatory) · 10 Jun 2024',
      'Pass rate 50.0% · 4 calls it applied to',
      'Click to open the calls that failed it',
    ]);
  });

  it('lead from a clicked point to its calls', () => {
    expect(pointHref(byWeek!.chart!, 0, 0)).toContain('/qa?team=Home+Finance+North&from=2024-06-05&to=2024-06-09');
    expect(pointHref(byWeek!.chart!, 0, 2)).toBeNull();
    expect(pointHref(grid!.chart!, 0, 1)).toContain('rule_id=FCA-DISC-02');
  });

  it('drop the year from day labels when every day shares it', () => {
    expect(dayLabelFormatter(['27 May 2024', '3 Jun 2024'])!('3 Jun 2024')).toBe('3 Jun');
    expect(dayLabelFormatter(['30 Dec 2024', '6 Jan 2025'])).toBeUndefined();
    expect(dayLabelFormatter(['Alex Wong'])).toBeUndefined();
  });

  it('give rows of horizontal charts and grids room', () => {
    expect(chartHeight(byWeek!.chart!)).toBe(300);
    expect(chartHeight(vsTeam!.chart!)).toBe(44 + 18 + 36 + 2 * 30 + 8);
    expect(chartHeight(grid!.chart!)).toBe(180);
  });

  it('carry a description for assistive technology when given one', () => {
    expect(chartOption(byWeek!.chart!, 'QA score per week')).toMatchObject({
      aria: { enabled: true, label: { description: 'QA score per week' } },
    });
  });
});

describe('a chart drawn as SVG (print view, PNG export)', () => {
  it('is a scalable SVG holding the series and categories, the data’s text escaped', () => {
    const { svg, width, height } = chartSvg(vsTeam!.chart!, 700);
    expect([width, height]).toEqual([700, 166]);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 700 166"/);
    expect(svg).toContain('Alex Wong');
    expect(svg).toContain('Team mean 70');
    const hostile = chartSvg(
      {
        kind: 'cartesian',
        categories: ['<img src=x onerror=alert(1)>'],
        axes: [{ kind: 'count', name: 'n' }],
        series: [{ name: '<script>x</script>', type: 'bar', values: [1] }],
      },
      400,
    ).svg;
    expect(hostile).not.toContain('<img');
    expect(hostile).not.toContain('<script');
  });

  it('draws the rules grid with its pass-rate bands', () => {
    const { svg } = chartSvg(grid!.chart!, 700);
    expect(svg).toContain('FCA-DISC-02 (mandatory)');
    expect(svg).toContain('95–100%');
    expect(svg).toContain('50%');
  });
});
