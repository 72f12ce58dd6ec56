'use client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { filterFromSearch, runListHref } from './filter-url';
import { normalizeFilter, patchFilter, sameFilter, type RunListFilter } from './run-filter';

/** The filter in the address bar right now (it may be ahead of the last render). */
const currentFilter = () => filterFromSearch(new URLSearchParams(window.location.search)).filter;

/**
 * The run list's filter, kept in the URL so a filtered list is a link to share. A change replaces
 * the history entry (no new one per checkbox) through the History API, which the App Router
 * picks up in useSearchParams: the address bar changes at once, nothing is fetched from the
 * server, and two changes in quick succession (a checkbox, then the debounced advisor text)
 * cannot undo each other, since `update` patches what the address bar holds when it is called.
 * (router.replace would re-render the server page on every change, and until that finished the
 * URL — and the checkboxes bound to it — would lag behind.) The returned filter follows a change
 * in the same render; a URL changed from outside (a link, back/forward) replaces it.
 * `ignored` names query parameters whose values were not a valid filter.
 */
export function useRunListFilter() {
  const params = useSearchParams();
  const fromUrl = useMemo(() => filterFromSearch(new URLSearchParams(params.toString())), [params]);
  const [filter, setFilter] = useState(fromUrl.filter);
  const [urlSeen, setUrlSeen] = useState(fromUrl.filter);
  if (!sameFilter(urlSeen, fromUrl.filter)) {
    setUrlSeen(fromUrl.filter);
    setFilter(fromUrl.filter);
  }
  const replace = useCallback((next: RunListFilter) => {
    const f = normalizeFilter(next);
    setFilter(f);
    window.history.replaceState(null, '', runListHref(f));
  }, []);
  const update = useCallback((patch: Partial<RunListFilter>) => replace(patchFilter(currentFilter(), patch)), [replace]);
  return { filter, ignored: fromUrl.ignored, replace, update };
}
