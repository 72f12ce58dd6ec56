'use client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import type { DashboardFilter } from '@/server/dashboard/schemas';
import { dashboardHref, dashboardQueryFromSearch, patchDashboardFilter, searchOfDashboardQuery, type DashboardQuery } from './dashboard-query';

/** The query in the address bar right now (it may be ahead of the last render). */
const currentQuery = () => dashboardQueryFromSearch(new URLSearchParams(window.location.search)).query;

/**
 * The dashboard's query (filter and operations window), kept in the URL as the QA queue keeps its
 * own (components/qa/queue/use-queue-query.ts): a change replaces the history entry through the
 * History API, which the App Router picks up in useSearchParams; each change patches what the
 * address bar holds when it is made, so quick changes cannot undo each other. A URL changed from
 * outside (a link, back/forward) replaces the query. `ignored` names parameters whose values were not valid.
 */
export function useDashboardQuery() {
  const params = useSearchParams();
  const search = params.toString();
  const fromUrl = useMemo(() => dashboardQueryFromSearch(new URLSearchParams(search)), [search]);
  const [query, setQuery] = useState(fromUrl.query);
  const [urlSeen, setUrlSeen] = useState(searchOfDashboardQuery(fromUrl.query));
  const urlNow = searchOfDashboardQuery(fromUrl.query);
  if (urlSeen !== urlNow) {
    setUrlSeen(urlNow);
    setQuery(fromUrl.query);
  }
  const replace = useCallback((next: DashboardQuery) => {
    const q = dashboardQueryFromSearch(new URLSearchParams(searchOfDashboardQuery(next))).query;
    setQuery(q);
    window.history.replaceState(null, '', dashboardHref(q));
  }, []);
  const updateFilter = useCallback((patch: Partial<DashboardFilter>) => {
    const q = currentQuery();
    replace({ ...q, filter: patchDashboardFilter(q.filter, patch) });
  }, [replace]);
  const clearFilter = useCallback(() => replace({ ...currentQuery(), filter: {} }), [replace]);
  const setDays = useCallback((days: number) => replace({ ...currentQuery(), days }), [replace]);
  return { query, ignored: fromUrl.ignored, updateFilter, clearFilter, setDays };
}
