'use client';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { PlanView } from '@/lib/planning/schemas';
import { countOf, shortId, STATE_LABELS, STATE_TONES, unitText } from './format';
import { PlanPanel } from './plan-panel';
import { usePlans, type PlansFilter } from './use-plans';

const SUMMARY = 'flex cursor-pointer list-none flex-wrap items-center gap-2 px-3 py-2 text-sm hover:bg-slate-50';

/**
 * Plans as disclosures, newest first: each summary says the plan's state, goal, calls and
 * findings; opening it shows the plan panel. The newest is open unless `openFirst` is false. Each
 * disclosure carries the plan's short id as its element id, so a replan link jumps to it.
 */
export function PlanList({
  plans,
  openFirst = true,
  describe,
}: {
  plans: PlanView[];
  openFirst?: boolean;
  /** A line under the summary's goal for this plan (e.g. "Task state Transcribe"). */
  describe?: (view: PlanView) => string;
}) {
  return (
    <ul aria-label="Tool-call plans" className="space-y-2" data-testid="plan-list">
      {plans.map((v, i) => {
        const calls = v.usage.tool_calls;
        const findings = v.findings.length;
        return (
          <li key={v.plan.planId}>
            <details
              id={`plan-${shortId(v.plan.planId)}`}
              open={openFirst && i === 0}
              className="group rounded-lg border border-slate-200 bg-white"
              data-testid="plan-item"
            >
              <summary className={SUMMARY}>
                <span aria-hidden className="text-slate-500 group-open:rotate-90">
                  ▸
                </span>
                <Badge tone={STATE_TONES[v.plan.executionState]}>{STATE_LABELS[v.plan.executionState]}</Badge>
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{v.plan.planningContext.goal}</span>
                <span className="text-xs text-slate-600">
                  {describe ? describe(v) : unitText(v.plan.unit)} · {countOf(calls, 'call')}
                </span>
                {findings > 0 && <Badge tone="warn">{countOf(findings, 'finding')}</Badge>}
              </summary>
              <div className="border-t border-slate-100 p-3">
                <PlanPanel view={v} level={4} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The plans of one unit of work or session, read live while `live`; with its own loading, error
 * and empty states (`emptyText` says what plans would appear here and when).
 */
export function PlansFor({
  filter,
  live = false,
  emptyText,
  describe,
}: {
  filter: PlansFilter;
  live?: boolean;
  emptyText: string;
  describe?: (view: PlanView) => string;
}) {
  const plans = usePlans(filter, { live });
  if (plans.state === 'loading') return <LoadingState label="Loading tool-call plans…" />;
  if (plans.state === 'error') {
    return <ErrorState title="The tool-call plans could not be loaded" message={plans.error} onRetry={plans.retry} />;
  }
  if (!plans.data.length) return <EmptyState title="No tool-call plans yet">{emptyText}</EmptyState>;
  return <PlanList plans={plans.data} describe={describe} />;
}
