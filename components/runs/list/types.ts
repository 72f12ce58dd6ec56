import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

type Runs = inferRouterOutputs<AppRouter>['runs'];

/** One page of `runs.list` (list_workflow_runs): the runs and next_cursor, or a tool failure. */
export type RunListPage = Runs['list'];
/** One run of the list: its record without the output, and its state counts. */
export type RunRow = Extract<RunListPage, { status: 'ok' }>['runs'][number];
/** A saved run filter of the signed-in user (`runs.savedFilters.list`). */
export type SavedRunFilter = Runs['savedFilters']['list'][number];
