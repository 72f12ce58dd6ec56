'use client';
import { useCallback } from 'react';
import { useUrlQuery, type UrlQueryCodec } from '@/components/hooks/use-url-query';
import { patchQaFilter, type QaFilter, type QaQueueQuery } from './queue-query';
import { qaQueueHref, queryFromSearch, searchOfQuery } from './queue-url';

const CODEC: UrlQueryCodec<QaQueueQuery> = { fromSearch: queryFromSearch, toSearch: searchOfQuery, href: qaQueueHref };

/** The QA page's query (filter, sort, tab), kept in the URL (components/hooks/use-url-query.ts). */
export function useQueueQuery() {
  const { query, ignored, current, replace } = useUrlQuery(CODEC);
  const setFilter = useCallback((filter: QaFilter) => replace({ ...current(), filter }), [current, replace]);
  const updateFilter = useCallback(
    (patch: Partial<QaFilter>) => {
      const q = current();
      replace({ ...q, filter: patchQaFilter(q.filter, patch) });
    },
    [current, replace],
  );
  const patch = useCallback((p: Partial<Omit<QaQueueQuery, 'filter'>>) => replace({ ...current(), ...p }), [current, replace]);
  return { query, ignored, setFilter, updateFilter, patch };
}
