'use client';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { Badge } from '@/components/ui/badge';
import { CheckedActions } from './checked-actions';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { TableHead, type HeadColumn } from '@/components/ui/table-head';
import { DeadLetterRow } from './dead-letter-row';
import { NoticeLine } from './notice-line';
import type { DeadLetterStream, Notice } from './types';

/** Newest dead letters shown per stream; the count is the stream's whole. */
const SHOWN = 20;

/**
 * Settings → Health: the durable streams' dead letters (README "Streams: delivery guarantee"):
 * per stream, how many entries were set aside and the newest of them. Admins retry one with a
 * button; everyone else sees the same list without it.
 */
export function DeadLettersPanel({ isAdmin }: { isAdmin: boolean }) {
  const trpc = useTRPC();
  const [notice, setNotice] = useState<Notice>(null);
  const list = useQuery({ ...trpc.health.deadLetters.queryOptions({ limit: SHOWN }), staleTime: 0 });
  const refresh = () => void list.refetch();
  return (
    <Panel id="dead-letters" title="Stream dead letters" actions={<CheckedActions query={list} />}>
      <NoticeLine notice={notice} />
      {list.isPending ? (
        <LoadingState label="Reading dead letters…" />
      ) : list.isError ? (
        <ErrorState title="Dead letters unavailable" message={errorMessage(list.error)} onRetry={refresh} />
      ) : list.data.status === 'error' ? (
        <ErrorState title="Dead letters unavailable" message={list.data.error} onRetry={refresh} />
      ) : (
        <div className="space-y-6">
          {list.data.streams.map((s) => (
            <StreamDeadLetters key={s.stream} stream={s} isAdmin={isAdmin} report={setNotice} refresh={refresh} />
          ))}
        </div>
      )}
    </Panel>
  );
}

function StreamDeadLetters({
  stream,
  isAdmin,
  report,
  refresh,
}: {
  stream: DeadLetterStream;
  isAdmin: boolean;
  report(n: Notice): void;
  refresh(): void;
}) {
  const columns: HeadColumn[] = ['Dead-lettered', 'Entry', 'Reason', 'Error', 'Deliveries', 'Consumer'];
  if (isAdmin) columns.push({ label: 'Action', align: 'right' });
  return (
    <section aria-label={`${stream.label} dead letters`} data-testid="dead-letter-stream" data-stream={stream.stream}>
      <h3 className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-900">
        {stream.label}
        <span className="font-mono text-xs font-normal text-slate-500">{stream.stream}</span>
        <Badge tone={stream.count ? 'bad' : 'ok'}>
          <span data-testid="dead-letter-count">{stream.count}</span> dead {stream.count === 1 ? 'letter' : 'letters'}
        </Badge>
      </h3>
      {stream.count === 0 ? (
        <p className="text-sm text-slate-500">Nothing set aside: every entry was written or is waiting its turn.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{stream.label}: newest dead letters</caption>
            <TableHead columns={columns} />
            <tbody className="divide-y divide-slate-100">
              {stream.entries.map((e) => (
                <DeadLetterRow key={e.id} stream={stream.stream} entry={e} isAdmin={isAdmin} report={report} refresh={refresh} />
              ))}
            </tbody>
          </table>
          {stream.count > stream.entries.length && (
            <p className="mt-2 text-xs text-slate-500">
              Showing the newest {stream.entries.length} of {stream.count}.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
