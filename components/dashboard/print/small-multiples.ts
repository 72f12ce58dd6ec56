import type { CartesianChart, ChartSpec } from '../figure';

/** From this many lines besides the one they are read against, paper gets one small chart per line. */
export const SMALL_MULTIPLES_FROM = 4;

/** One small chart of a set: the line it shows, and the chart (that line with the line it is read against). */
export interface SmallMultiple {
  name: string;
  chart: CartesianChart;
}

/**
 * A line chart of many lines read against one (`strong`: the team's), split for paper: on screen a
 * hovered line stands out from the rest, on paper eight coloured lines over each other cannot be
 * told apart. So each line gets a small chart of its own with the reference line beside it, all on
 * one value range (every line's, outward to tens). Null when the chart is not such a chart, or has too few lines to need it.
 */
export function smallMultiples(spec: ChartSpec | null): SmallMultiple[] | null {
  if (!spec || spec.kind !== 'cartesian' || spec.horizontal) return null;
  const strong = spec.series.filter((s) => s.strong);
  const others = spec.series.filter((s) => !s.strong);
  if (strong.length !== 1 || others.length < SMALL_MULTIPLES_FROM || spec.series.some((s) => s.type !== 'line')) return null;
  const axes = sharedRange(spec);
  return others.map((line) => ({ name: line.name, chart: { ...spec, axes, series: [strong[0]!, line] } }));
}

/** The first value axis fixed to the range of every line's values, outward to tens: the small charts compare at a glance. */
function sharedRange(spec: CartesianChart): CartesianChart['axes'] {
  const values = spec.series.filter((s) => !s.axis).flatMap((s) => s.values.filter((v): v is number => v !== null));
  if (!values.length) return spec.axes;
  const range = { min: Math.floor(Math.min(...values) / 10) * 10, max: Math.ceil(Math.max(...values) / 10) * 10 };
  const [first, ...rest] = spec.axes;
  return [{ ...first, range }, ...rest] as CartesianChart['axes'];
}
