'use client';
import { useMemo } from 'react';
import type { PlanView } from '@/lib/planning/schemas';
import { BudgetGauges } from './budget-gauges';
import { FindingList } from './finding-list';
import { PlanHeader, type PlanLink } from './plan-header';
import { PlanTimelineTable } from './plan-timeline';
import { findingAnchors, planTimeline } from './timeline';

/**
 * One plan beside what happened (issue 17): its heading and replan chain, its budget as gauges,
 * the timeline of declared intents against the calls made, and the sentinel's findings with links
 * to the rows they rest on. Headings start at `level` so the panel fits the page's outline.
 */
export function PlanPanel({ view, planLink, level = 3 }: { view: PlanView; planLink?: PlanLink; level?: 3 | 4 }) {
  const timeline = useMemo(() => planTimeline(view), [view]);
  const evidence = useMemo(() => {
    const marks = new Set<string>();
    for (const f of view.findings) {
      const a = findingAnchors(f, timeline);
      a.records.forEach((r) => marks.add(r));
      a.intents.forEach((i) => marks.add(`intent:${i}`));
    }
    return marks;
  }, [view.findings, timeline]);
  const H = level === 3 ? 'h3' : 'h4';
  const heading = 'text-xs font-semibold uppercase tracking-wide text-slate-500';
  return (
    <div className="space-y-4" data-testid="plan-panel" data-plan-id={view.plan.planId}>
      <PlanHeader plan={view.plan} planLink={planLink} />
      <section className="space-y-2">
        <H className={heading}>Budget</H>
        <BudgetGauges budget={view.plan.planningContext.constraints} usage={view.usage} />
      </section>
      <section className="space-y-2">
        <H className={heading}>Plan beside what happened</H>
        <PlanTimelineTable planId={view.plan.planId} timeline={timeline} evidence={evidence} />
      </section>
      <section className="space-y-2">
        <H className={heading}>Findings</H>
        <FindingList planId={view.plan.planId} findings={view.findings} timeline={timeline} />
      </section>
    </div>
  );
}
