/**
 * One figure of the dashboard, as the page, its table view, its CSV and PNG exports and the print
 * view all read it: the same rows drawn as a chart, listed as a table and written to a file, so
 * the three can never disagree. Built from a widget's answer by the pure `*-figures.ts` modules.
 */

/** How a column's values read: the table, the CSV and the chart's axis format them by kind. */
export type ColumnKind =
  | 'text'
  | 'week' // a Monday, YYYY-MM-DD: "w/c 1 Jul 2024"
  | 'day' // YYYY-MM-DD: "1 Jul 2024"
  | 'count'
  | 'score' // an AI score: one decimal at most
  | 'signed' // a difference of scores: "+2.5", "−3"
  | 'rate' // 0…1: "80.0%"
  | 'ms' // a duration in milliseconds: "1.2 s"
  | 'flag'; // yes / no

export interface Column {
  key: string;
  label: string;
  kind: ColumnKind;
  /** The column that names the row (a `<th scope="row">`). */
  rowHeader?: boolean;
}

export type CellValue = string | number | boolean | null;

export interface FigureRow {
  cells: Record<string, CellValue>;
  /** Where the row leads (the QA queue on its calls, the run list on its runs); null: nowhere. */
  href: string | null;
}

export interface FigureTable {
  columns: Column[];
  rows: FigureRow[];
}

/** A value axis: what it measures decides its format and whether it starts at zero. */
export type AxisKind = 'score' | 'rate' | 'count' | 'ms' | 'signed';

export interface SeriesSpec {
  name: string;
  type: 'line' | 'bar';
  /** One value per category; null where nothing was measured (drawn as a gap, never a zero). */
  values: Array<number | null>;
  /** What each point stands on, for the tooltip ("12 calls"); absent when the value is itself a count. */
  counts?: Array<number | null>;
  /** Where each point leads. */
  hrefs?: Array<string | null>;
  /** What clicking a point opens, for its tooltip ("Click to open these calls" unless said). */
  hrefLabel?: string;
  /** The second value axis (`axes[1]`). */
  axis?: 1;
  /** Bars sharing a stack name are stacked. */
  stack?: string;
  /** The line everything else is read against (the team): drawn heavier. */
  strong?: boolean;
  color?: string;
}

export interface CartesianChart {
  kind: 'cartesian';
  /** Category labels, already in words (weeks, days, advisors, rules). */
  categories: string[];
  /** Categories down the side and bars across (long names: advisors, rules, skills). */
  horizontal?: boolean;
  axes: [AxisSpec] | [AxisSpec, AxisSpec];
  series: SeriesSpec[];
  /** A reference value drawn across the chart (the team mean). */
  reference?: { value: number; label: string };
  /** What `counts` count, for the tooltip: "calls" unless said. */
  countName?: string;
}

export interface AxisSpec {
  kind: AxisKind;
  name: string;
  /** A fixed range (charts that are read side by side share one); else the axis' kind decides. */
  range?: { min: number; max: number };
}

/** A grid of rates (rules × weeks): a cell per measured pair, none where the rule did not apply. */
export interface HeatmapChart {
  kind: 'heatmap';
  columns: string[];
  rows: string[];
  cells: Array<{ column: number; row: number; value: number; count: number; href: string | null }>;
  valueName: string;
  countName: string;
}

export type ChartSpec = CartesianChart | HeatmapChart;

export interface Figure {
  /** Unique on the page: DOM ids and file names ("qa-score-by-week"). */
  id: string;
  title: string;
  /** What the figure shows and over what, in words (the widget's `what` is shown with the section). */
  caption: string;
  table: FigureTable;
  /** null when there is nothing to draw (then `empty` says why). */
  chart: ChartSpec | null;
  /** Why the figure is empty, in words a reader can act on; null when it has rows. */
  empty: string | null;
}
