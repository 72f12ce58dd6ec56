'use client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';

/** How a page's query travels in its address: read (with the parameters not taken), written, linked. */
export interface UrlQueryCodec<Q> {
  fromSearch(params: URLSearchParams): { query: Q; ignored: string[] };
  toSearch(query: Q): string;
  href(query: Q): string;
}

/**
 * A page's query kept in the URL (the QA queue's, the dashboard's): a change replaces the history
 * entry through the History API, which the App Router picks up in useSearchParams — nothing is
 * fetched from the server — and each change is made to what the address bar holds when it is made
 * (`current()`), so quick changes cannot undo each other. A URL changed from outside (a link,
 * back/forward, a saved filter) replaces the query. `ignored` names parameters whose values were
 * not valid. A query passed to `replace` is normalised by a round trip through the address.
 */
export function useUrlQuery<Q>(codec: UrlQueryCodec<Q>) {
  const search = useSearchParams().toString();
  const fromUrl = useMemo(() => codec.fromSearch(new URLSearchParams(search)), [codec, search]);
  const [query, setQuery] = useState(fromUrl.query);
  const urlNow = codec.toSearch(fromUrl.query);
  const [urlSeen, setUrlSeen] = useState(urlNow);
  if (urlSeen !== urlNow) {
    setUrlSeen(urlNow);
    setQuery(fromUrl.query);
  }
  const current = useCallback(() => codec.fromSearch(new URLSearchParams(window.location.search)).query, [codec]);
  const replace = useCallback(
    (next: Q) => {
      const q = codec.fromSearch(new URLSearchParams(codec.toSearch(next))).query;
      setQuery(q);
      window.history.replaceState(null, '', codec.href(q));
    },
    [codec],
  );
  return { query, ignored: fromUrl.ignored, current, replace };
}
