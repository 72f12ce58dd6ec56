'use client';
import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import type { Role } from '@/lib/roles';
import { Button } from '@/components/ui/button';
import { failureShown } from '@/components/ui/failure-words';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { plural } from '@/components/chat/format';
import { FilterBar } from './filter-bar';
import { LiveIndicator } from './live-indicator';
import { RunListEmpty } from './run-list-empty';
import { RunTable } from './run-table';
import { SavedFilters } from './saved-filters';
import type { RunRow } from './types';
import { useLiveRunList } from './use-live-run-list';
import { useRunListFilter } from './use-run-list-filter';
import { workflowOptions } from './workflow-options';

/** Runs per page (list_workflow_runs allows up to 200). */
const PAGE_SIZE = 50;

/**
 * The Runs page: filters (kept in the URL), saved filters, and the runs that match, newest first,
 * a page at a time — live through the run event feed. `canRun` (designers, compliance managers,
 * admins) shows Cancel and Redrive; the server checks the same roles.
 */
export function RunList({ role, canRun }: { role: Role; canRun: boolean }) {
  const trpc = useTRPC();
  const { filter, ignored, replace, update } = useRunListFilter();
  const saved = useQuery(trpc.graph.savedWorkflows.queryOptions());
  const runs = useInfiniteQuery(
    trpc.runs.list.infiniteQueryOptions(
      { ...filter, limit: PAGE_SIZE },
      { getNextPageParam: (p) => (p.status === 'ok' ? p.next_cursor : null), placeholderData: keepPreviousData },
    ),
  );
  const pages = useMemo(() => runs.data?.pages ?? [], [runs.data]);
  const rows = useMemo(() => uniqueRuns(pages.flatMap((p) => (p.status === 'ok' ? p.runs : []))), [pages]);
  const failure = pages.find((p) => p.status === 'error');
  const shownIds = useMemo(() => new Set(rows.map((r) => r.run_id)), [rows]);
  const live = useLiveRunList(() => runs.refetch(), shownIds);
  const workflows = useMemo(() => workflowOptions(saved.data ?? [], rows, filter), [saved.data, rows, filter]);
  const workflowName = (id: string) => workflows.find((w) => w.workflowId === id)?.name;
  const refresh = () => void runs.refetch();

  return (
    <div className="space-y-4" data-testid="run-list">
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <FilterBar filter={filter} workflows={workflows} onChange={update} onClear={() => replace({})} />
        <SavedFilters filter={filter} onApply={replace} workflowName={workflowName} />
        {ignored.length > 0 && (
          <p role="note" className="text-xs text-amber-800">
            Left out of the filter because the link’s value is not valid: {ignored.join(', ')}.
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span aria-live="polite" data-testid="runs-count">
          {runs.isPending || rows.length === 0 ? '' : `${plural(rows.length, 'run')} shown${runs.hasNextPage ? ', more further back' : ''}`}
          {runs.isFetching && !runs.isPending && <span className="ml-2 text-slate-500">Updating…</span>}
        </span>
        <LiveIndicator status={live.status} onReconnect={live.reconnect} />
      </div>

      {runs.isPending ? (
        <LoadingState label="Loading runs…" />
      ) : rows.length === 0 && (runs.isError || failure) ? (
        <ErrorState title="Runs could not be listed" {...failureShown(runs.error, failure)} onRetry={refresh} />
      ) : rows.length === 0 ? (
        <RunListEmpty
          filtered={Object.keys(filter).length > 0}
          searchedAll={!runs.hasNextPage}
          canRun={canRun}
          onClear={() => replace({})}
        />
      ) : (
        <div
          className={runs.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
          aria-busy={runs.isPlaceholderData}
          data-testid="run-rows"
        >
          <RunTable runs={rows} role={role} canRun={canRun} onChanged={refresh} />
        </div>
      )}

      {rows.length > 0 && (runs.isError || failure) && (
        <ErrorState title="More runs could not be loaded" {...failureShown(runs.error, failure)} onRetry={refresh} />
      )}
      {runs.hasNextPage && !runs.isPlaceholderData && (
        <div className="flex justify-center">
          <Button onClick={() => void runs.fetchNextPage()} disabled={runs.isFetchingNextPage} data-testid="runs-load-more">
            {runs.isFetchingNextPage ? 'Loading…' : rows.length === 0 ? 'Search further back' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Rows once each (a run may cross a page boundary while the pages are refetched). */
function uniqueRuns(rows: RunRow[]): RunRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.run_id) && (seen.add(r.run_id), true));
}
