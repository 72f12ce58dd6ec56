'use client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { patchQaFilter, type QaFilter, type QaQueueQuery } from './queue-query';
import { qaQueueHref, queryFromSearch, searchOfQuery } from './queue-url';

/** The query in the address bar right now (it may be ahead of the last render). */
const currentQuery = () => queryFromSearch(new URLSearchParams(window.location.search)).query;

/**
 * The QA page's query (filter, sort, tab), kept in the URL as the run list keeps its filter
 * (components/runs/list/use-run-list-filter.ts): a change replaces the history entry through the
 * History API, which the App Router picks up in useSearchParams — nothing is fetched from the
 * server, and each change patches what the address bar holds when it is made, so quick changes
 * cannot undo each other. A URL changed from outside (a link, back/forward, a saved filter)
 * replaces the query. `ignored` names parameters whose values were not valid.
 */
export function useQueueQuery() {
  const params = useSearchParams();
  const search = params.toString();
  const fromUrl = useMemo(() => queryFromSearch(new URLSearchParams(search)), [search]);
  const [query, setQuery] = useState(fromUrl.query);
  const [urlSeen, setUrlSeen] = useState(searchOfQuery(fromUrl.query));
  const urlNow = searchOfQuery(fromUrl.query);
  if (urlSeen !== urlNow) {
    setUrlSeen(urlNow);
    setQuery(fromUrl.query);
  }
  const replace = useCallback((next: QaQueueQuery) => {
    const q = queryFromSearch(new URLSearchParams(searchOfQuery(next))).query;
    setQuery(q);
    window.history.replaceState(null, '', qaQueueHref(q));
  }, []);
  const setFilter = useCallback((filter: QaFilter) => replace({ ...currentQuery(), filter }), [replace]);
  const updateFilter = useCallback((patch: Partial<QaFilter>) => {
    const q = currentQuery();
    replace({ ...q, filter: patchQaFilter(q.filter, patch) });
  }, [replace]);
  const patch = useCallback((p: Partial<Omit<QaQueueQuery, 'filter'>>) => replace({ ...currentQuery(), ...p }), [replace]);
  return { query, ignored: fromUrl.ignored, setFilter, updateFilter, patch };
}
