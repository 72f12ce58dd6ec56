'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { createRefetchThrottle, type RefetchThrottle } from '@/components/hooks/refetch-throttle';
import { EmptyState } from '@/components/ui/states';
import { LiveStatusText } from './live-status';
import { SessionDetailView } from './session-detail';
import { SessionList, type SessionFilter } from './session-list';
import { useLiveSessions } from './use-live-sessions';

/** At most one re-read of the list, and of the open session, per second while events arrive. */
const REREAD_MS = 1000;

/**
 * The Companions page: the sessions the user may see on the left, the open one (`?session=<id>`,
 * so it can be linked and Back returns to the previous one) on the right. Both follow every
 * session event live (GET /api/sessions/events): an event re-reads the list and, when it is the
 * open session's, that session — throttled, never polled.
 */
export function CompanionsWorkspace({ isAdmin }: { isAdmin: boolean }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const selected = useSearchParams().get('session');
  const [filter, setFilter] = useState<SessionFilter>('active');
  const open = useRef(selected);
  open.current = selected;
  const throttles = useRef<{ list: RefetchThrottle; session: RefetchThrottle } | null>(null);

  useEffect(() => {
    const t = {
      list: createRefetchThrottle(() => qc.invalidateQueries(trpc.companions.sessions.queryFilter()), REREAD_MS),
      session: createRefetchThrottle(
        () => (open.current ? qc.invalidateQueries(trpc.companions.session.queryFilter({ session_id: open.current })) : Promise.resolve()),
        REREAD_MS,
      ),
    };
    throttles.current = t;
    return () => {
      t.list.stop();
      t.session.stop();
    };
  }, [qc, trpc]);

  const live = useLiveSessions((e) => {
    throttles.current?.list.trigger();
    if (!e || e.session_id === open.current) throttles.current?.session.trigger();
  });

  const select = useCallback((id: string | null, replace = false) => {
    const url = new URL(window.location.href);
    if (id) url.searchParams.set('session', id);
    else url.searchParams.delete('session');
    if (replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
  }, []);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p>{isAdmin ? 'You see every user’s sessions.' : 'You see the sessions of your own Conductor conversations.'}</p>
        <LiveStatusText status={live.status} onReconnect={live.reconnect} />
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <SessionList filter={filter} onFilter={setFilter} selectedId={selected} onSelect={select} showOwner={isAdmin} />
        {selected ? (
          <SessionDetailView key={selected} sessionId={selected} onClose={() => select(null)} />
        ) : (
          <EmptyState title="No session open">
            A session opens here with its Companions, tasks, shared memory and the Strategist’s advice.
          </EmptyState>
        )}
      </div>
    </div>
  );
}
