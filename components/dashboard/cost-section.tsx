'use client';
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { londonDay } from '@/lib/uk-time';
import { FIELD } from '@/components/ui/button';
import { costAnswer } from '@/components/planning/answers';
import { COST_DIMENSIONS, type CostReport } from '@/lib/planning/schemas';
import { COST_DIMENSION_NAMES, costFigures } from './cost-figures';
import { addDays, dayText } from './days';
import { FigureGrid } from './figure-grid';
import { countText } from './format';
import { StatTile } from './stat-tile';
import { widgetState } from './widget-state';
import { WidgetSection } from './widget-section';

const WINDOWS = [7, 30, 90] as const;

/**
 * Cost (issue 17): the resource units that agents' tool calls and model steps used, per agent,
 * session, workflow or user, per London day (planning.costs). Its own window and grouping: these
 * are the console's own costs, not the calls the other sections count, so the filter above does
 * not apply.
 */
export function CostSection() {
  const trpc = useTRPC();
  const [dimension, setDimension] = useState<CostReport['dimension']>('agent');
  const [days, setDays] = useState<number>(30);
  const until = londonDay(new Date().toISOString());
  const q = useQuery({
    ...trpc.planning.costs.queryOptions({ dimension, since: addDays(until, -(days - 1)), until }),
    placeholderData: keepPreviousData,
  });
  const widget = widgetState(
    q,
    costAnswer,
    (r) =>
      `Resource units from ${dayText(r.since)} to ${dayText(r.until)} (London days): a model’s token is one unit; ` +
      'without token reports, the configured cost of each tool and skill. The filters above do not apply here.',
  );
  const lead = (
    <div className="mt-1 flex flex-wrap items-center gap-3 print:hidden">
      <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
        By
        <select
          className={FIELD}
          value={dimension}
          data-testid="cost-dimension"
          onChange={(e) => setDimension(e.target.value as CostReport['dimension'])}
        >
          {COST_DIMENSIONS.map((d) => (
            <option key={d} value={d}>
              {COST_DIMENSION_NAMES[d].one}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
        Window
        <select className={FIELD} value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="cost-days">
          {WINDOWS.map((d) => (
            <option key={d} value={d}>
              Last {d} days
            </option>
          ))}
        </select>
      </label>
    </div>
  );
  return (
    <WidgetSection id="cost" title="Cost of agents’ tool calls" widget={widget} lead={lead}>
      {(data) => <CostBody report={data} />}
    </WidgetSection>
  );
}

function CostBody({ report }: { report: CostReport }) {
  const figures = useMemo(() => costFigures(report), [report]);
  const units = report.series.reduce((s, x) => s + x.total_units, 0);
  const calls = report.series.reduce((s, x) => s + x.tool_calls, 0);
  const context = {
    about: `${dayText(report.since)} – ${dayText(report.until)} · by ${COST_DIMENSION_NAMES[report.dimension].one}`,
    period: { from: report.since, to: report.until },
    linkLabel: 'Open',
  };
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3" data-testid="cost-totals">
        <StatTile label="Units used" value={countText(Math.round(units * 100) / 100)} detail="tokens and configured tool costs" />
        <StatTile label="Tool calls" value={countText(calls)} detail="attributed to a plan" />
        <StatTile
          label={`${COST_DIMENSION_NAMES[report.dimension].column.replace(/ \(.*/, '')}s`}
          value={countText(report.series.length)}
          detail="with any cost in the window"
        />
      </div>
      <FigureGrid figures={figures} context={context} wide={[figures[0]!.id]} />
    </div>
  );
}
