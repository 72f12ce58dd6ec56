'use client';
import { useCallback } from 'react';
import type { DashboardFilter } from '@/server/contracts/dashboard-schemas';
import { useUrlQuery, type UrlQueryCodec } from '@/components/hooks/use-url-query';
import {
  dashboardHref,
  dashboardQueryFromSearch,
  patchDashboardFilter,
  searchOfDashboardQuery,
  type DashboardQuery,
} from './dashboard-query';

const CODEC: UrlQueryCodec<DashboardQuery> = {
  fromSearch: dashboardQueryFromSearch,
  toSearch: searchOfDashboardQuery,
  href: dashboardHref,
};

/** The dashboard's query (filter and operations window), kept in the URL (components/hooks/use-url-query.ts). */
export function useDashboardQuery() {
  const { query, ignored, current, replace } = useUrlQuery(CODEC);
  const updateFilter = useCallback(
    (patch: Partial<DashboardFilter>) => {
      const q = current();
      replace({ ...q, filter: patchDashboardFilter(q.filter, patch) });
    },
    [current, replace],
  );
  const clearFilter = useCallback(() => replace({ ...current(), filter: {} }), [current, replace]);
  const setDays = useCallback((days: number) => replace({ ...current(), days }), [current, replace]);
  return { query, ignored, updateFilter, clearFilter, setDays };
}
