'use client';
import Link from 'next/link';
import { useMemo } from 'react';
import type { DashboardFilter, QaTrends } from '@/server/contracts/dashboard-schemas';
import { countText, signedText } from './format';
import { qaHref } from './drill-down';
import { FigureGrid } from './figure-grid';
import { qaTrendsFigures } from './qa-trends-figures';
import { callsContext } from './scope';
import type { WidgetState } from './use-dashboard-data';
import { sectionTitle } from './section-links';
import { WidgetSection } from './widget-section';

/** QA score over time: the team line and each advisor's, and who is furthest below the team. */
export function QaTrendsSection({ widget, filter }: { widget: WidgetState<QaTrends>; filter: DashboardFilter }) {
  return (
    <WidgetSection id="qa-score" title={sectionTitle('qa-score')} widget={widget}>
      {(data) => <QaTrendsBody data={data} filter={filter} />}
    </WidgetSection>
  );
}

function QaTrendsBody({ data, filter }: { data: QaTrends; filter: DashboardFilter }) {
  const scope = useMemo(() => ({ filter, period: data.period }), [filter, data.period]);
  const figures = useMemo(() => qaTrendsFigures(data, scope), [data, scope]);
  return (
    <div className="space-y-3">
      {data.below_team.length > 0 && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm" data-testid="below-team">
          <p className="font-medium text-amber-900">Furthest below the team average</p>
          <ol className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-amber-900">
            {data.below_team.map((b) => (
              <li key={b.advisor}>
                <Link href={qaHref(scope, { advisor: b.advisor })} className="font-medium underline-offset-2 hover:underline">
                  {b.advisor}
                </Link>{' '}
                <span className="tabular-nums">{signedText(b.vs_team)}</span>{' '}
                <span className="text-xs text-amber-800">({countText(b.calls)} calls)</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <FigureGrid figures={figures} context={callsContext(data.period, filter)} wide={['qa-score-by-week']} />
    </div>
  );
}
