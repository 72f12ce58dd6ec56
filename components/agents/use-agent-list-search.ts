'use client';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { agentListHref, searchFromParams, type AgentListSearch } from './list-url';

/**
 * The list's search, kept in the address: a change replaces the history entry through the
 * History API (the App Router picks it up in useSearchParams without a server round trip), and a
 * link or back/forward that changes the address replaces the search shown.
 */
export function useAgentListSearch() {
  const params = useSearchParams();
  const fromUrl = useMemo(() => searchFromParams(new URLSearchParams(params.toString())), [params]);
  const [search, setSearch] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (seen.query !== fromUrl.query || seen.role !== fromUrl.role) {
    setSeen(fromUrl);
    setSearch(fromUrl);
  }
  const update = useCallback((patch: Partial<AgentListSearch>) => {
    setSearch((current) => {
      const next = { ...current, ...patch };
      window.history.replaceState(null, '', agentListHref(next));
      return next;
    });
  }, []);
  return { search, update };
}
