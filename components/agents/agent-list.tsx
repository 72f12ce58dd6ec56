'use client';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { AgentSearchBar } from './agent-search-bar';
import { AgentTable } from './agent-table';
import { plural } from './format';
import { useAgentListSearch } from './use-agent-list-search';

const PAGE_SIZE = 50;

/**
 * The Agents page: find any agent on the platform by its name, id, tags (session, run,
 * conversation), role, conversation title or owner; newest first, a page at a time.
 */
export function AgentList() {
  const trpc = useTRPC();
  const { search, update } = useAgentListSearch();
  const list = useInfiniteQuery(
    trpc.agents.list.infiniteQueryOptions(
      { query: search.query, role: search.role ?? undefined, limit: PAGE_SIZE },
      { getNextPageParam: (p) => p.next_offset, placeholderData: keepPreviousData },
    ),
  );
  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.agents);
  const total = pages[0]?.total ?? 0;
  const filtered = Boolean(search.query.trim() || search.role);

  return (
    <div className="space-y-4" data-testid="agent-list">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <AgentSearchBar search={search} counts={pages[0]?.roles} onChange={update} />
      </div>
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <span aria-live="polite" data-testid="agents-count">
          {list.isPending
            ? ''
            : `${plural(total, 'agent')}${filtered ? ' found' : ''}${rows.length < total ? `, ${rows.length} shown` : ''}`}
          {list.isFetching && !list.isPending && <span className="ml-2 text-slate-500">Updating…</span>}
        </span>
        <Button variant="ghost" className="px-2 py-0.5 text-xs" onClick={() => void list.refetch()} disabled={list.isFetching}>
          Refresh
        </Button>
      </div>
      {list.isPending ? (
        <LoadingState label="Loading agents…" />
      ) : list.isError && rows.length === 0 ? (
        <ErrorState title="Agents could not be listed" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No agent matches this search">
            <button
              type="button"
              onClick={() => update({ query: '', role: null })}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline"
            >
              Show all agents
            </button>
          </EmptyState>
        ) : (
          <EmptyState title="No agents yet">
            Agents are made when someone starts a Chat conversation (a Planner or a Conductor, with its Strategist), when a Conductor takes
            on Companions, and when a workflow runs with platform workers.
          </EmptyState>
        )
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''} aria-busy={list.isPlaceholderData}>
          <AgentTable rows={rows} />
        </div>
      )}
      {list.isError && rows.length > 0 && (
        <ErrorState title="More agents could not be loaded" message={errorMessage(list.error)} onRetry={() => void list.fetchNextPage()} />
      )}
      {list.hasNextPage && !list.isPlaceholderData && (
        <div className="flex justify-center">
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : `Show ${Math.min(PAGE_SIZE, total - rows.length)} more`}
          </Button>
        </div>
      )}
    </div>
  );
}
