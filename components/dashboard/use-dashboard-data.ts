'use client';
import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type {
  ComplianceOverview,
  CustomerOutcomes,
  OperationsOverview,
  QaTrends,
  ReviewCoverage,
} from '@/server/contracts/dashboard-schemas';
import { errorMessage } from '@/components/ui/error-message';
import type { DashboardQuery } from './dashboard-query';
import { widgetResult, type WidgetResult } from './widget-result';

/** A slow safety net under the live feed: figures no run event announces (a review signed off) catch up. */
const REFETCH_INTERVAL_MS = 60_000;

/** One widget as a section reads it: still loading, its figures, or why it has none. */
export type WidgetState<T> =
  { state: 'loading' } | { state: 'error'; error: string; retry: () => void } | { state: 'ok'; data: T; updating: boolean };

type QueryLike = { isPending: boolean; isError: boolean; error: unknown; data: unknown; isFetching: boolean; refetch: () => unknown };

function stateOf<T>(q: QueryLike): WidgetState<T> {
  if (q.isPending) return { state: 'loading' };
  const retry = () => void q.refetch();
  if (q.isError && q.data === undefined) return { state: 'error', error: errorMessage(q.error), retry };
  const r: WidgetResult<T> = widgetResult<T>(q.data);
  return r.ok ? { state: 'ok', data: r.data, updating: q.isFetching } : { state: 'error', error: r.error, retry };
}

/**
 * The dashboard's five widgets for a query (dashboard.* procedures, server/dashboard/schemas.ts).
 * A new filter keeps the previous figures on screen until the new ones arrive (marked updating).
 * `refetchAll` refetches every widget on screen (the live feed calls it); `updatedAt` is when the
 * newest figures arrived (0 before any).
 */
export type DashboardData = ReturnType<typeof useDashboardData>;

export function useDashboardData(query: DashboardQuery) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opts = { placeholderData: keepPreviousData, refetchInterval: REFETCH_INTERVAL_MS } as const;
  const trends = useQuery(trpc.dashboard.qaTrends.queryOptions(query.filter, opts));
  const compliance = useQuery(trpc.dashboard.compliance.queryOptions(query.filter, opts));
  const customers = useQuery(trpc.dashboard.customers.queryOptions(query.filter, opts));
  const coverage = useQuery(trpc.dashboard.coverage.queryOptions(query.filter, opts));
  const operations = useQuery(trpc.dashboard.operations.queryOptions({ days: query.days }, opts));
  const all = [trends, compliance, customers, coverage, operations];
  const updatedAt = Math.max(0, ...all.map((q) => q.dataUpdatedAt));
  const refetchAll = useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.dashboard.pathKey() }), [queryClient, trpc]);
  return {
    trends: stateOf<QaTrends>(trends),
    compliance: stateOf<ComplianceOverview>(compliance),
    customers: stateOf<CustomerOutcomes>(customers),
    coverage: stateOf<ReviewCoverage>(coverage),
    operations: stateOf<OperationsOverview>(operations),
    updatedAt,
    refetchAll,
  };
}

/** The period the call widgets answered for (they share one), once any has answered. */
export function periodOf(d: DashboardData) {
  for (const w of [d.trends, d.compliance, d.customers, d.coverage]) if (w.state === 'ok') return w.data.period;
  return null;
}
