import type { CostReport } from '@/lib/planning/schemas';
import { dayText } from './days';
import type { Figure } from './figure';
import { NEUTRAL, seriesColour } from './palette';

/**
 * The Cost figures (pure, issue 17): resource units per London day by agent, session, workflow or
 * user (planning.costs), and each one's total with its tool calls and plans. Units are the
 * contract's: a model's token is one unit; without token reports, the configured cost per tool and
 * per skill. The per-day chart stacks the biggest `TOP` series and sums the rest as "Others", so
 * the chart stays legible while the table lists every one.
 */
export const TOP = 6;

export const COST_DIMENSION_NAMES: Record<CostReport['dimension'], { one: string; column: string }> = {
  agent: { one: 'agent', column: 'Agent' },
  session: { one: 'session', column: 'Session (conversation, delegation or run)' },
  workflow: { one: 'workflow', column: 'Workflow' },
  user: { one: 'user', column: 'User' },
};

export function costFigures(report: CostReport): Figure[] {
  const name = COST_DIMENSION_NAMES[report.dimension];
  const series = [...report.series].sort((a, b) => b.total_units - a.total_units || a.label.localeCompare(b.label));
  const shown = series.slice(0, TOP);
  const rest = series.slice(TOP);
  const empty = series.length ? null : 'No tool calls were attributed to a plan in this period.';
  const perDay = {
    id: `cost-per-day-by-${report.dimension}`,
    title: `Cost per day by ${name.one}`,
    caption:
      `Resource units per London day, stacked by ${name.one}` + (rest.length ? `; the ${rest.length} smallest summed as “Others”.` : '.'),
    table: {
      columns: [
        { key: 'day', label: 'Day', kind: 'day' as const, rowHeader: true },
        ...shown.map((s, i) => ({ key: `s${i}`, label: s.label, kind: 'count' as const })),
        ...(rest.length ? [{ key: 'others', label: 'Others', kind: 'count' as const }] : []),
        { key: 'total', label: 'All units', kind: 'count' as const },
      ],
      rows: series.length
        ? report.days.map((day, d) => ({
            cells: {
              day,
              ...Object.fromEntries(shown.map((s, i) => [`s${i}`, s.per_day[d] ?? 0])),
              ...(rest.length ? { others: sum(rest.map((s) => s.per_day[d] ?? 0)) } : {}),
              total: sum(series.map((s) => s.per_day[d] ?? 0)),
            },
            href: null,
          }))
        : [],
    },
    chart: series.length
      ? {
          kind: 'cartesian' as const,
          categories: report.days.map(dayText),
          axes: [{ kind: 'count' as const, name: 'Units' }] as [{ kind: 'count'; name: string }],
          countName: 'units',
          series: [
            ...shown.map((s, i) => ({
              name: s.label,
              type: 'bar' as const,
              stack: 'cost',
              color: seriesColour(i),
              values: s.per_day,
            })),
            ...(rest.length
              ? [
                  {
                    name: 'Others',
                    type: 'bar' as const,
                    stack: 'cost',
                    color: NEUTRAL,
                    values: report.days.map((_, d) => sum(rest.map((s) => s.per_day[d] ?? 0))),
                  },
                ]
              : []),
          ],
        }
      : null,
    empty,
  } satisfies Figure;
  const totals = {
    id: `cost-by-${report.dimension}`,
    title: `Cost by ${name.one}`,
    caption: `Each ${name.one}’s units over the period, with the tool calls and plans behind them, biggest first.`,
    table: {
      columns: [
        { key: 'label', label: name.column, kind: 'text' as const, rowHeader: true },
        { key: 'units', label: 'Units', kind: 'count' as const },
        { key: 'calls', label: 'Tool calls', kind: 'count' as const },
        { key: 'plans', label: 'Plans', kind: 'count' as const },
      ],
      rows: series.map((s) => ({
        cells: { label: s.label, units: s.total_units, calls: s.tool_calls, plans: s.plans },
        href: null,
      })),
    },
    chart: series.length
      ? {
          kind: 'cartesian' as const,
          horizontal: true,
          categories: shown.map((s) => s.label),
          axes: [{ kind: 'count' as const, name: 'Units' }] as [{ kind: 'count'; name: string }],
          series: [
            {
              name: 'Units',
              type: 'bar' as const,
              color: seriesColour(0),
              values: shown.map((s) => s.total_units),
              counts: shown.map((s) => s.tool_calls),
            },
          ],
          countName: 'tool calls',
        }
      : null,
    empty,
  } satisfies Figure;
  return [perDay, totals];
}

const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 1e6) / 1e6;
