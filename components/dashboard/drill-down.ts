import { londonDayStart, londonNextDayStart } from '@/lib/uk-time';
import type { DashboardFilter, DashboardPeriod } from '@/server/contracts/dashboard-schemas';
import type { QaFilter } from '@/components/qa/queue/queue-query';
import { DEFAULT_SORT } from '@/components/qa/queue/queue-query';
import { qaQueueHref } from '@/components/qa/queue/queue-url';
import { runListHref } from '@/components/runs/list/filter-url';
import { weekInPeriod } from './days';

/**
 * Where a figure leads: every point and table row of the call figures opens the QA queue (`/qa`)
 * on the calls it counted, in the queue's own address (components/qa/queue/queue-url.ts).
 *
 * The scope is the one the answer says it used: its `period` (the default 12 weeks resolved by the
 * server, not left open) and the filter's team, advisor and product. `narrow` adds what the point
 * is about (a week, a rule, the vulnerable flag, a review state); a key set to undefined there
 * drops the scope's value (the team line compares against the filter *without* its advisor).
 */
export interface DrillScope {
  filter: DashboardFilter;
  period: DashboardPeriod;
}

export function qaHref(scope: DrillScope, narrow: Partial<QaFilter> = {}): string {
  const { advisor, team, product } = scope.filter;
  const base: QaFilter = { advisor, team, product, from: scope.period.from, to: scope.period.to };
  return qaQueueHref({ filter: { ...base, ...narrow }, sort: DEFAULT_SORT, tab: 'queue' });
}

/** The queue on one week's calls (its days inside the period), narrowed further by `narrow`. */
export function qaWeekHref(scope: DrillScope, week: string, narrow: Partial<QaFilter> = {}): string {
  return qaHref(scope, { ...weekInPeriod(week, scope.period), ...narrow });
}

/**
 * Operations figures are runs, not calls: a day's point opens the run list on the runs started
 * that London day (`failedOnly`: the ones that failed, timed out or were aborted).
 */
export function runsDayHref(day: string, failedOnly = false): string {
  return runListHref({
    started_after: londonDayStart(day),
    started_before: londonNextDayStart(day),
    ...(failedOnly ? { status: ['FAILED', 'TIMED_OUT', 'ABORTED'] } : {}),
  });
}
