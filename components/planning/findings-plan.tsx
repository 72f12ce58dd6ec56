'use client';
import Link from 'next/link';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { findingsHref, type FindingsQuery } from './findings-query';
import { shortId } from './format';
import { PlanPanel } from './plan-panel';
import { usePlan } from './use-plans';

/** The plan a finding belongs to, opened beside the Findings list (`?plan=` in the address). */
export function FindingsPlan({ planId, query }: { planId: string; query: FindingsQuery }) {
  const view = usePlan(planId);
  return (
    <section
      aria-labelledby="findings-plan-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="findings-plan"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="findings-plan-title" className="text-sm font-semibold text-slate-900">
          Plan {shortId(planId)}
        </h2>
        <Link
          href={findingsHref({ ...query, plan: null })}
          scroll={false}
          className="text-xs font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          Close plan
        </Link>
      </div>
      {view.state === 'loading' ? (
        <LoadingState label="Loading the plan…" />
      ) : view.state === 'error' ? (
        <ErrorState title="The plan could not be loaded" message={view.error} onRetry={view.retry} />
      ) : view.data === null ? (
        <EmptyState title="No such plan">It may have been removed with its conversation or run.</EmptyState>
      ) : (
        <PlanPanel view={view.data} planLink={(id) => findingsHref({ ...query, plan: id })} />
      )}
    </section>
  );
}
