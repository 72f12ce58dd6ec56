'use client';
import { useMemo } from 'react';
import type { OperationsOverview } from '@/server/contracts/dashboard-schemas';
import { ukDateTime } from '@/lib/uk-time';
import { FIELD } from '@/components/ui/button';
import { DAYS_CHOICES } from './dashboard-query';
import { FigureGrid } from './figure-grid';
import { countText, msText, rateText } from './format';
import { operationsFigures } from './operations-figures';
import { runsContext } from './scope';
import { StatTile } from './stat-tile';
import type { WidgetState } from './use-dashboard-data';
import { sectionTitle } from './section-links';
import { WidgetSection } from './widget-section';

/**
 * Operations: how the runs behind the figures went — by the console's own clock over the last N
 * days, which the section says plainly, since every other section is by the calls' dates.
 */
export function OperationsSection({
  widget,
  days,
  onDays,
}: {
  widget: WidgetState<OperationsOverview>;
  days: number;
  onDays?: (d: number) => void;
}) {
  const choices = (DAYS_CHOICES as readonly number[]).includes(days) ? DAYS_CHOICES : [...DAYS_CHOICES, days].sort((a, b) => a - b);
  const lead = (
    <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
      <p className="text-sm text-slate-700" data-testid="operations-clock">
        By the console’s real clock: runs that finished in the last {days} days
        {widget.state === 'ok' ? <> (since {ukDateTime(widget.data.since)})</> : null}, not the calls’ dates. The filters above do not apply
        here.
      </p>
      {onDays && (
        <label className="flex items-center gap-2 text-xs font-medium text-slate-600 print:hidden">
          Window
          <select className={FIELD} value={days} onChange={(e) => onDays(Number(e.target.value))} data-testid="operations-days">
            {choices.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
  return (
    <WidgetSection id="operations" title={sectionTitle('operations')} widget={widget} lead={lead}>
      {(data) => <OperationsBody data={data} />}
    </WidgetSection>
  );
}

function OperationsBody({ data }: { data: OperationsOverview }) {
  const figures = useMemo(() => operationsFigures(data, new Date()), [data]);
  const t = data.totals;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="operations-totals">
        <StatTile
          label="Runs finished"
          value={countText(t.runs)}
          detail={`${countText(t.succeeded)} succeeded, ${countText(t.failed)} failed`}
        />
        <StatTile
          label="Success rate"
          value={rateText(t.success_rate)}
          detail={`of ${countText(t.runs)} runs`}
          tone={t.success_rate !== null && t.success_rate < 0.9 ? 'bad' : undefined}
        />
        <StatTile label="Run duration p50" value={msText(t.p50_ms)} detail="half the runs took at most this" />
        <StatTile label="Run duration p95" value={msText(t.p95_ms)} detail="all but 1 in 20 runs took at most this" />
        <StatTile label="Skill calls" value={countText(t.skill_calls)} detail={`${countText(t.swaps)} swaps to an alternative skill`} />
        <StatTile
          label="Caller errors"
          value={countText(t.caller_errors)}
          detail="bad input from the caller, not counted against a skill"
        />
      </div>
      <FigureGrid figures={figures} context={runsContext(data.since, new Date())} wide={['skill-reliability']} />
    </div>
  );
}
