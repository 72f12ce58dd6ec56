'use client';
import { useMemo } from 'react';
import type { DashboardFilter, ReviewCoverage } from '@/server/contracts/dashboard-schemas';
import { scoreText } from '@/components/qa/format';
import { coverageFigures } from './coverage-figures';
import { qaHref } from './drill-down';
import { FigureGrid } from './figure-grid';
import { countText, rateText } from './format';
import { callsContext } from './scope';
import { StatTile } from './stat-tile';
import type { WidgetState } from './use-dashboard-data';
import { sectionTitle } from './section-links';
import { WidgetSection } from './widget-section';

/** Coverage and review: recorded against analysed, AI-only against reviewed, and how often reviewers agree with the AI. */
export function CoverageSection({ widget, filter }: { widget: WidgetState<ReviewCoverage>; filter: DashboardFilter }) {
  return (
    <WidgetSection id="coverage" title={sectionTitle('coverage')} widget={widget}>
      {(data) => <CoverageBody data={data} filter={filter} />}
    </WidgetSection>
  );
}

function CoverageBody({ data, filter }: { data: ReviewCoverage; filter: DashboardFilter }) {
  const scope = useMemo(() => ({ filter, period: data.period }), [filter, data.period]);
  const figures = useMemo(() => coverageFigures(data, scope), [data, scope]);
  const a = data.agreement;
  return (
    <div className="space-y-3">
      {data.recorded === null && (
        <p
          role="note"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
          data-testid="recorded-note"
        >
          The CRM could not say how many calls were recorded{data.recorded_note ? `: ${data.recorded_note}` : '.'} Analysed calls are still
          counted.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3" data-testid="agreement">
        <StatTile
          label="Reviewers agree with the AI’s rule verdicts"
          value={rateText(a.rule_rate)}
          detail={`${countText(a.rule_agreed)} of ${countText(a.rule_decisions)} current rule decisions`}
        />
        <StatTile
          label="Scores overridden by a reviewer"
          value={countText(a.score_overridden)}
          detail={`of ${countText(a.score_decisions)} score decisions`}
          href={a.score_overridden ? qaHref(scope, { overridden: true }) : null}
          hrefLabel="Open the overridden calls"
        />
        <StatTile
          label="Mean difference where overridden"
          value={a.mean_abs_diff === null ? '—' : scoreText(a.mean_abs_diff)}
          detail="points between the reviewer’s score and the AI’s"
        />
      </div>
      <FigureGrid figures={figures} context={callsContext(data.period, filter)} />
    </div>
  );
}
