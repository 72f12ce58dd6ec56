import type { EChartsOption } from 'echarts';
import type { AxisKind, CartesianChart, ChartSpec, HeatmapChart, SeriesSpec } from './figure';
import { countText, msText, rateText, signedText } from './format';
import { scoreText } from '@/components/qa/format';
import { AXIS_TEXT, GRID_LINE, marker, REFERENCE_COLOUR, seriesColour } from './palette';

/**
 * A figure's chart spec as an Apache ECharts option (pure: the live chart, the print view's SVG and
 * the PNG export all draw from it). Rates are plotted as percentages; null values stay null, which
 * ECharts draws as a gap in a line and no bar. No animation: the print view and the exports draw
 * the final frame at once. Tooltips name the series, the category, the value and the number of
 * calls (or runs) behind it.
 */
const FONT = { fontFamily: 'system-ui, sans-serif', fontSize: 11, color: AXIS_TEXT };

/** A value as its axis kind writes it (raw contract units: rates 0…1). */
export function valueText(kind: AxisKind, v: number | null): string {
  if (v === null) return 'not measured';
  switch (kind) {
    case 'rate':
      return rateText(v);
    case 'ms':
      return msText(v);
    case 'count':
      return countText(v);
    case 'signed':
      return signedText(v);
    default:
      return scoreText(v);
  }
}

/** Plotted value: rates as percentages (one decimal), the rest as they are. */
const plotted = (kind: AxisKind, v: number | null) => (v === null ? null : kind === 'rate' ? Math.round(v * 1000) / 10 : v);

function axisLabel(kind: AxisKind): (v: number) => string {
  if (kind === 'rate') return (v) => `${v}%`;
  if (kind === 'ms') return (v) => (v === 0 ? '0' : msText(v));
  if (kind === 'signed') return (v) => signedText(v);
  return (v) => countText(v);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tooltip of one point, as text lines (the chart joins them as HTML, escaped). */
export function pointTooltip(spec: CartesianChart, seriesIndex: number, dataIndex: number): string[] {
  const s = spec.series[seriesIndex];
  if (!s) return [];
  const kind = spec.axes[s.axis ?? 0]?.kind ?? 'count';
  const v = s.values[dataIndex] ?? null;
  const n = s.counts?.[dataIndex];
  const behind = n === undefined || n === null ? '' : ` · ${countText(n)} ${spec.countName ?? 'calls'}`;
  const lines = [s.name, `${spec.categories[dataIndex] ?? ''}: ${valueText(kind, v)}${behind}`];
  if (s.hrefs?.[dataIndex]) lines.push(s.hrefLabel ?? 'Click to open these calls');
  return lines;
}

export function heatmapTooltip(spec: HeatmapChart, dataIndex: number): string[] {
  const c = spec.cells[dataIndex];
  if (!c) return [];
  return [
    `${spec.rows[c.row]} · ${spec.columns[c.column]}`,
    `${spec.valueName} ${rateText(c.value)} · ${countText(c.count)} ${spec.countName}`,
    ...(c.href ? ['Click to open the calls that failed it'] : []),
  ];
}

const tooltipHtml = (lines: string[]) => lines.map((l, i) => (i === 0 ? `<b>${escapeHtml(l)}</b>` : escapeHtml(l))).join('<br/>');

function cartesianSeries(spec: CartesianChart, s: SeriesSpec, i: number) {
  const kind = spec.axes[s.axis ?? 0]!.kind;
  const colour = s.color ?? (s.strong ? REFERENCE_COLOUR : seriesColour(i));
  const data = s.values.map((v) => plotted(kind, v));
  const common = {
    name: s.name,
    data,
    yAxisIndex: spec.horizontal ? undefined : (s.axis ?? 0),
    xAxisIndex: spec.horizontal ? (s.axis ?? 0) : undefined,
    itemStyle: { color: colour },
    cursor: s.hrefs ? 'pointer' : 'default',
  };
  if (s.type === 'bar') {
    return { ...common, type: 'bar' as const, stack: s.stack, barMaxWidth: 28, emphasis: { focus: 'series' as const } };
  }
  if (s.strong) {
    // The line the others are read against: a broad translucent band under them, so an advisor
    // whose week equals the team's (the only advisor with calls that week) still shows on top.
    return {
      ...common,
      type: 'line' as const,
      connectNulls: false,
      symbol: 'circle',
      symbolSize: 11,
      z: 1,
      itemStyle: { color: colour, opacity: 0.55 },
      lineStyle: { color: colour, width: 8, opacity: 0.4 },
      emphasis: { focus: 'series' as const },
    };
  }
  return {
    ...common,
    type: 'line' as const,
    connectNulls: false,
    symbol: marker(i),
    symbolSize: 7,
    lineStyle: { color: colour, width: 2 },
    z: 3,
    // Many lines at once (eight advisors): the one under the pointer, its legend entry hovered or
    // any of its points, is drawn heavier and the others fade, so a line can be followed.
    triggerLineEvent: true,
    emphasis: { focus: 'series' as const, lineStyle: { width: 3.5 } },
    blur: { lineStyle: { opacity: 0.15 }, itemStyle: { opacity: 0.15 } },
  };
}

function valueAxis(spec: CartesianChart, index: 0 | 1) {
  const a = spec.axes[index]!;
  const bars = spec.series.some((s) => (s.axis ?? 0) === index && s.type === 'bar');
  return {
    type: 'value' as const,
    name: a.name,
    nameLocation: 'middle' as const,
    nameGap: spec.horizontal ? 26 : 44,
    nameTextStyle: FONT,
    axisLabel: { ...FONT, formatter: axisLabel(a.kind) },
    // Bars start at zero; lines of scores show their own range (a full 0–100 axis hides the differences).
    scale: !bars && a.kind === 'score',
    min: a.range?.min ?? (a.kind === 'rate' && bars ? 0 : undefined),
    max: a.range?.max ?? (a.kind === 'rate' ? 100 : undefined),
    splitLine: { lineStyle: { color: GRID_LINE } },
    minInterval: a.kind === 'count' ? 1 : undefined,
  };
}

/** Room above the plot: for the legend, and above a horizontal chart for the reference line's label. */
const gridTop = (spec: CartesianChart) => (spec.series.length > 1 ? 44 : 16) + (spec.reference && spec.horizontal ? 18 : 0);

const EN_GB_DAY = /^(\d{1,2} \w{3}) (\d{4})$/;

/**
 * Axis labels of days without their year when every day is in the same one ("1 Jul"): the
 * period above the chart gives the year, and the shorter labels fit a half-width chart. The
 * tooltips keep the full date.
 */
export function dayLabelFormatter(categories: readonly string[]): ((v: string) => string) | undefined {
  const years = new Set(categories.map((c) => EN_GB_DAY.exec(c)?.[2] ?? null));
  if (!categories.length || years.size !== 1 || years.has(null)) return undefined;
  return (v) => EN_GB_DAY.exec(v)?.[1] ?? v;
}

function cartesianOption(spec: CartesianChart): EChartsOption {
  const category = {
    type: 'category' as const,
    data: spec.categories,
    axisTick: { alignWithLabel: true },
    axisLabel: { ...FONT, hideOverlap: true, formatter: dayLabelFormatter(spec.categories) },
  };
  const values = spec.axes.map((_, i) => valueAxis(spec, i as 0 | 1));
  const series: NonNullable<EChartsOption['series']> = spec.series.map((s, i) => cartesianSeries(spec, s, i));
  if (spec.reference && series[0]) {
    const ref = spec.reference;
    (series[0] as Record<string, unknown>).markLine = {
      silent: true,
      symbol: 'none',
      lineStyle: { color: REFERENCE_COLOUR, type: 'dashed', width: 1.5 },
      // A horizontal chart's categories run top-down (inverse axis): its line's start is at the top.
      label: { formatter: ref.label, color: REFERENCE_COLOUR, position: spec.horizontal ? 'start' : 'end', fontSize: 11 },
      data: [spec.horizontal ? { xAxis: ref.value } : { yAxis: ref.value }],
    };
  }
  return {
    animation: false,
    textStyle: FONT,
    grid: {
      left: 8,
      right: 24,
      bottom: spec.horizontal ? 36 : 48,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
      top: gridTop(spec),
    },
    legend: spec.series.length > 1 ? { type: 'scroll', top: 0, textStyle: FONT, itemGap: 14 } : undefined,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const { seriesIndex = 0, dataIndex = 0 } = p as { seriesIndex?: number; dataIndex?: number };
        return tooltipHtml(pointTooltip(spec, seriesIndex, dataIndex));
      },
    },
    xAxis: spec.horizontal ? values : { ...category, axisLabel: { ...category.axisLabel, rotate: spec.categories.length > 12 ? 30 : 0 } },
    yAxis: spec.horizontal
      ? { ...category, inverse: true, axisLabel: { ...category.axisLabel, width: 260, overflow: 'truncate' } }
      : values,
    series,
  };
}

/** Pass-rate bands of the rules heatmap: labelled, so the colours are read, not guessed. */
export const PASS_BANDS = [
  { min: 0.95, max: 1, label: '95–100%', color: '#CDEBD9' },
  { min: 0.8, max: 0.95, label: '80–95%', color: '#FBE7A6' },
  { min: 0.5, max: 0.8, label: '50–80%', color: '#F6B27A' },
  { min: 0, max: 0.5, label: 'below 50%', color: '#E07B57' },
] as const;

function heatmapOption(spec: HeatmapChart): EChartsOption {
  return {
    animation: false,
    textStyle: FONT,
    grid: { left: 8, right: 16, top: 36, bottom: 40, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => tooltipHtml(heatmapTooltip(spec, (p as { dataIndex?: number }).dataIndex ?? 0)),
    },
    xAxis: {
      type: 'category',
      data: spec.columns,
      splitArea: { show: false },
      axisLabel: { ...FONT, hideOverlap: true, rotate: spec.columns.length > 12 ? 30 : 0, formatter: dayLabelFormatter(spec.columns) },
    },
    yAxis: { type: 'category', data: spec.rows, inverse: true, axisLabel: FONT },
    visualMap: {
      type: 'piecewise',
      orient: 'horizontal',
      top: 0,
      left: 'center',
      textStyle: FONT,
      dimension: 2,
      pieces: PASS_BANDS.map((b) => ({ gte: b.min, lt: b.max === 1 ? 1.0001 : b.max, label: b.label, color: b.color })),
    },
    series: [
      {
        type: 'heatmap',
        name: spec.valueName,
        data: spec.cells.map((c) => [c.column, c.row, c.value]),
        label: {
          show: true,
          fontSize: 10,
          color: '#1E293B',
          formatter: (p: unknown) => `${Math.round(((p as { data: number[] }).data[2] ?? 0) * 100)}%`,
        },
        itemStyle: { borderColor: '#FFFFFF', borderWidth: 2 },
        cursor: 'pointer',
      },
    ],
  };
}

/**
 * `description` names the chart to assistive technology (ECharts puts it on the chart's box with
 * role="img"); its own generated description reads poorly, and the table view has the data.
 */
export function chartOption(spec: ChartSpec, description?: string): EChartsOption {
  const option = spec.kind === 'heatmap' ? heatmapOption(spec) : cartesianOption(spec);
  return description ? { ...option, aria: { enabled: true, label: { enabled: true, description } } } : option;
}

/** The chart's height in pixels: rows of a horizontal chart or heatmap need room; the rest a fixed band. */
export function chartHeight(spec: ChartSpec): number {
  if (spec.kind === 'heatmap') return Math.max(180, 26 * spec.rows.length + 96);
  if (spec.horizontal) return gridTop(spec) + 36 + Math.max(2, spec.categories.length) * 30 + 8;
  return 300;
}

/** Where the point clicked leads (series and data index as ECharts reports them), or null. */
export function pointHref(spec: ChartSpec, seriesIndex: number, dataIndex: number): string | null {
  if (spec.kind === 'heatmap') return spec.cells[dataIndex]?.href ?? null;
  return spec.series[seriesIndex]?.hrefs?.[dataIndex] ?? null;
}
