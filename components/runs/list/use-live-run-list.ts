'use client';
import { useEffect, useEffectEvent, useState } from 'react';
import { createRefetchThrottle } from '../../hooks/refetch-throttle';
import { eventTouchesList } from './run-event';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';

/** At most one refetch of the list per second while events arrive. */
const REFETCH_INTERVAL_MS = 1000;

/**
 * Keeps the run list live without polling: listens to every run's events (GET /api/runs/events)
 * and refetches the loaded pages, throttled, when an event can change them (`eventTouchesList`).
 * The feed has no backlog, so each (re)connection refetches too: nothing that happened while it
 * was down is missed. `reconnect` opens a new connection after the server refused one.
 */
export function useLiveRunList(refetch: () => Promise<unknown>, shownRunIds: ReadonlySet<string>): { status: LiveStatus; reconnect: () => void } {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  const refetchList = useEffectEvent(() => refetch());
  const touches = useEffectEvent((data: string) => eventTouchesList(data, shownRunIds));

  useEffect(() => {
    const throttle = createRefetchThrottle(() => refetchList(), REFETCH_INTERVAL_MS);
    const source = new EventSource('/api/runs/events');
    source.onopen = () => {
      setStatus('live');
      throttle.trigger();
    };
    source.onmessage = (m: MessageEvent<string>) => {
      if (touches(m.data)) throttle.trigger();
    };
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'off' : 'reconnecting');
    return () => {
      throttle.stop();
      source.close();
    };
  }, [attempt]);

  const reconnect = () => {
    setStatus('connecting');
    setAttempt((n) => n + 1);
  };
  return { status, reconnect };
}
