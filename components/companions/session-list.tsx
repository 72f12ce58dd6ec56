'use client';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { useNow } from '@/components/hooks/use-now';
import { Badge } from '@/components/ui/badge';
import { errorMessage } from '@/components/ui/error-message';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { ago, count, dateTime } from './format';
import { sessionTitle, taskCountsText } from './labels';
import type { SessionSummary } from './types';

export type SessionFilter = 'active' | 'finalized' | 'all';

const FILTERS: ReadonlyArray<{ id: SessionFilter; label: string }> = [
  { id: 'active', label: 'Active' },
  { id: 'finalized', label: 'Finalized' },
  { id: 'all', label: 'All' },
];

function Row({
  s,
  selected,
  showOwner,
  now,
  onSelect,
}: {
  s: SessionSummary;
  selected: boolean;
  showOwner: boolean;
  now: number;
  onSelect(id: string): void;
}) {
  const problem = s.tasks.failed > 0;
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(s.id)}
        aria-current={selected ? 'true' : undefined}
        data-testid="session-row"
        data-session-id={s.id}
        className={
          'w-full rounded-lg border px-3 py-2.5 text-left text-sm focus-visible:outline-2 ' +
          'focus-visible:outline-indigo-500 ' +
          `${selected ? 'border-indigo-300 bg-indigo-50' : 'border-slate-200 bg-white hover:bg-slate-50'}`
        }
      >
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-medium break-words text-slate-900">{sessionTitle(s)}</span>
          <Badge tone={s.status === 'active' ? 'info' : 'neutral'}>{s.status === 'active' ? 'Active' : 'Finalized'}</Badge>
        </span>
        <span className="mt-1 block text-xs text-slate-600">
          {count(s.companions_now, 'Companion')} · <span className={problem ? 'text-red-700' : undefined}>{taskCountsText(s.tasks)}</span>
        </span>
        <span className="mt-0.5 block text-xs text-slate-600">
          {showOwner && <>{s.conversation?.yours ? 'You' : (s.owner?.name ?? 'No owner (made by a script)')} · </>}
          <span title={dateTime(s.updated_at)}>active {ago(s.updated_at, now)}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The sessions the user may see, newest activity first, filtered by status; the open one is
 * marked. With none open, the newest is opened (replacing the address, so Back is not a trap).
 */
export function SessionList({
  filter,
  onFilter,
  selectedId,
  onSelect,
  showOwner,
}: {
  filter: SessionFilter;
  onFilter(f: SessionFilter): void;
  selectedId: string | null;
  onSelect(id: string, replace?: boolean): void;
  showOwner: boolean;
}) {
  const trpc = useTRPC();
  const now = useNow();
  const sessions = useQuery(trpc.companions.sessions.queryOptions({ status: filter === 'all' ? undefined : filter, limit: 200 }));
  const newest = sessions.data?.[0]?.id ?? null;
  useEffect(() => {
    if (!selectedId && newest) onSelect(newest, true);
  }, [selectedId, newest, onSelect]);
  return (
    <section aria-labelledby="sessions-title" className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 id="sessions-title" className="text-sm font-semibold text-slate-900">
          Sessions
        </h2>
        <div role="group" aria-label="Show sessions" className="flex rounded-md border border-slate-200 p-0.5 text-xs">
          {FILTERS.map((f) => (
            <button
              key={f.id}
              type="button"
              aria-pressed={filter === f.id}
              onClick={() => onFilter(f.id)}
              className={
                'rounded px-2 py-1 font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
                `${filter === f.id ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:bg-slate-100'}`
              }
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>
      <div className="max-h-[70vh] overflow-y-auto p-3">
        {sessions.isPending ? (
          <LoadingState label="Loading sessions…" />
        ) : sessions.isError ? (
          <ErrorState title="Sessions could not be loaded" message={errorMessage(sessions.error)} onRetry={() => void sessions.refetch()} />
        ) : sessions.data.length === 0 ? (
          <EmptyState
            title={filter === 'finalized' ? 'No finalized sessions' : filter === 'active' ? 'No active sessions' : 'No sessions yet'}
          >
            A session starts with each Conductor conversation in{' '}
            <a href="/chat" className="font-medium text-indigo-700 underline underline-offset-2">
              Chat
            </a>
            .
          </EmptyState>
        ) : (
          <ul className="space-y-2" aria-label="Sessions">
            {sessions.data.map((s) => (
              <Row key={s.id} s={s} selected={s.id === selectedId} showOwner={showOwner} now={now} onSelect={onSelect} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
