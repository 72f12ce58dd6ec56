'use client';
import { useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/components/ui/error-message';
import { failureShown } from '@/components/ui/failure-words';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { QaQueueItem, ToolFailure } from '../types';
import { QueueFilterBar } from './queue-filter-bar';
import { isEmptyQaFilter, nextSort, type QaFilter, type QaQueueQuery, type QaSort } from './queue-query';
import { QueueSummary } from './queue-summary';
import { QueueTable } from './queue-table';
import { QaSavedFilters } from './saved-filters';
import { searchOfQuery } from './queue-url';

/** Calls per page (list_qa_results allows up to 500). */
const PAGE_SIZE = 50;

/**
 * The QA queue: triage filters and saved filters, the aggregate of what matches, and the matching
 * calls in the chosen order, a page at a time ("Load more" follows `next_cursor`). Pages stay in
 * the query cache, so coming back from a call shows the same rows.
 */
export function QaQueue({
  query,
  ignored,
  onFilter,
  onPatchFilter,
  onSort,
}: {
  query: QaQueueQuery;
  ignored: readonly string[];
  onFilter: (f: QaFilter) => void;
  onPatchFilter: (patch: Partial<QaFilter>) => void;
  onSort: (sort: QaSort) => void;
}) {
  const trpc = useTRPC();
  const options = useQuery(trpc.qa.options.queryOptions());
  const list = useInfiniteQuery(
    trpc.qa.list.infiniteQueryOptions(
      { filter: query.filter, sort: query.sort, limit: PAGE_SIZE },
      { getNextPageParam: (p) => (p.status === 'ok' ? p.next_cursor : null), placeholderData: keepPreviousData },
    ),
  );
  const pages = useMemo(() => list.data?.pages ?? [], [list.data]);
  const first = pages[0]?.status === 'ok' ? pages[0] : null;
  const items = useMemo(() => uniqueItems(pages.flatMap((p) => (p.status === 'ok' ? (p.items as unknown as QaQueueItem[]) : []))), [pages]);
  const failure = pages.find((p): p is ToolFailure & typeof p => p.status === 'error');
  const queueSearch = searchOfQuery({ ...query, tab: 'queue' });
  const refresh = () => void list.refetch();

  return (
    <div className="space-y-4" data-testid="qa-queue">
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <QueueFilterBar filter={query.filter} options={options.data} onChange={onPatchFilter} onClear={() => onFilter({})} />
        <QaSavedFilters filter={query.filter} onApply={onFilter} />
        {ignored.length > 0 && (
          <p role="note" className="text-xs text-amber-800">
            Left out of the filter because the link’s value is not valid: {ignored.join(', ')}.
          </p>
        )}
        {options.isError && (
          <p role="alert" className="text-xs text-red-700">
            The filter menus could not be loaded: {errorMessage(options.error)}
          </p>
        )}
      </div>

      {first?.aggregate && first.total !== null && (
        <div className="space-y-1">
          <QueueSummary
            aggregate={first.aggregate}
            total={first.total}
            shown={items.length}
            updating={list.isFetching && !list.isPending}
          />
          {first.total > 0 && (
            <p className="text-xs">
              <a
                href={`/api/qa/export.csv?${searchOfQuery(query)}`}
                download
                className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                data-testid="qa-export-csv"
              >
                {first.total === 1 ? 'Export this call as CSV' : `Export these ${first.total} calls as CSV`}
              </a>
            </p>
          )}
        </div>
      )}

      {list.isPending ? (
        <LoadingState label="Loading the QA queue…" />
      ) : items.length === 0 && (list.isError || failure) ? (
        <ErrorState title="The QA queue could not be listed" {...failureShown(list.error, failure)} onRetry={refresh} />
      ) : items.length === 0 ? (
        <EmptyState title={isEmptyQaFilter(query.filter) ? 'No call has been analysed yet.' : 'No call matches these filters.'}>
          {isEmptyQaFilter(query.filter) ? (
            'Calls appear here a few seconds after a run of a QA workflow ends.'
          ) : (
            <Button variant="ghost" className="mt-1" onClick={() => onFilter({})}>
              Clear filters
            </Button>
          )}
        </EmptyState>
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''} aria-busy={list.isFetching} data-testid="qa-results">
          <QueueTable items={items} sort={query.sort} onSort={(by) => onSort(nextSort(query.sort, by))} queueSearch={queueSearch} />
        </div>
      )}

      {items.length > 0 && (list.isError || failure) && (
        <ErrorState title="More calls could not be loaded" {...failureShown(list.error, failure)} onRetry={refresh} />
      )}
      {list.hasNextPage && !list.isPlaceholderData && (
        <div className="flex justify-center">
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="qa-load-more">
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Rows once each (a call may cross a page boundary while pages are refetched after a review). */
function uniqueItems(items: QaQueueItem[]): QaQueueItem[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.qa_result_id) && (seen.add(i.qa_result_id), true));
}
