import { describe, expect, it } from 'vitest';
import type { CartesianChart, SeriesSpec } from '../figure';
import { SMALL_MULTIPLES_FROM, smallMultiples } from './small-multiples';

const line = (name: string, extra: Partial<SeriesSpec> = {}): SeriesSpec => ({ name, type: 'line', values: [70, null, 80], ...extra });
const chart = (series: SeriesSpec[], extra: Partial<CartesianChart> = {}): CartesianChart => ({
  kind: 'cartesian',
  categories: ['1 Jul', '8 Jul', '15 Jul'],
  axes: [{ kind: 'score', name: 'Mean QA score' }],
  series,
  ...extra,
});

describe('small multiples for paper', () => {
  const advisors = ['Alex Wong', 'Priya Shah', 'Tom Ellis', 'Maria Garcia'].map((n) => line(n));
  advisors.push(line('Sophie Turner', { values: [39, null, 75] }));
  const team = line('Team', { strong: true });

  it('gives each line a chart of its own beside the line it is read against, on the same axis', () => {
    const split = smallMultiples(chart([team, ...advisors]))!;
    expect(split.map((m) => m.name)).toEqual(advisors.map((a) => a.name));
    for (const [i, m] of split.entries()) {
      expect(m.chart.series).toEqual([team, advisors[i]]);
      // One range for all: every line's values (70–80 here, one advisor's 39) outward to tens.
      expect(m.chart.axes).toEqual([{ kind: 'score', name: 'Mean QA score', range: { min: 30, max: 80 } }]);
      expect(m.chart.categories).toEqual(['1 Jul', '8 Jul', '15 Jul']);
    }
  });

  it('leaves a chart whole when it has few lines, no line to read against, bars or is horizontal', () => {
    expect(smallMultiples(chart([team, ...advisors.slice(0, SMALL_MULTIPLES_FROM - 1)]))).toBeNull();
    expect(smallMultiples(chart(advisors))).toBeNull();
    expect(smallMultiples(chart([team, ...advisors.map((a) => ({ ...a, type: 'bar' as const }))]))).toBeNull();
    expect(smallMultiples(chart([team, ...advisors], { horizontal: true }))).toBeNull();
    expect(smallMultiples({ kind: 'heatmap', columns: [], rows: [], cells: [], valueName: 'pass rate', countName: 'calls' })).toBeNull();
    expect(smallMultiples(null)).toBeNull();
  });
});
