'use client';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckedActions } from '../checked-actions';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { TableHead, type HeadColumn } from '@/components/ui/table-head';

/** A query's figures: the `data` of an `{ available: true, data }` answer, else the answer itself. */
type FiguresOf<Q> = Q extends { available: true; data: infer D } ? D : Q extends { available: false } ? never : Q;

/**
 * One panel of the health page around its query: loading, the error (with a retry), and — for
 * figures this set-up does not have (`{ available: false }`) — the reason in words, never zeros.
 */
export function QueryPanel<Q>({
  id,
  title,
  query,
  loading,
  children,
}: {
  id: string;
  title: string;
  query: UseQueryResult<Q, unknown>;
  loading: string;
  children: (data: FiguresOf<Q>) => ReactNode;
}) {
  const body = (() => {
    if (query.isPending) return <LoadingState label={loading} />;
    if (query.isError)
      return <ErrorState title={`${title}: not read`} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
    const d: unknown = query.data;
    if (d && typeof d === 'object' && 'available' in d) {
      const a = d as { available: true; data: FiguresOf<Q> } | { available: false; reason: string };
      return a.available ? children(a.data) : <p className="text-sm text-slate-600">Not available here: {a.reason}</p>;
    }
    return children(d as FiguresOf<Q>);
  })();
  return (
    <Panel id={id} title={title} actions={<CheckedActions query={query} />}>
      <div data-testid={`health-${id}`}>{body}</div>
    </Panel>
  );
}

/** A table cell holding a figure (right-aligned digits). */
export function Num({ children, bad = false }: { children: ReactNode; bad?: boolean }) {
  return <td className={`py-2 pr-4 text-right tabular-nums ${bad ? 'font-semibold text-red-700' : ''}`}>{children}</td>;
}

/** The row class of a red line (a problem) or a normal row. */
export const rowTone = (bad: boolean) => (bad ? 'bg-red-50 align-top' : 'align-top');

/** A health panel's table: scrolls sideways when narrow, a caption for screen readers, the console's header row. */
export function HealthTable({ caption, columns, children }: { caption: string; columns: readonly HeadColumn[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns} />
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
