'use client';
import { useEffect, useEffectEvent, useState } from 'react';
import { sessionEventOf, type PublishedSessionEvent } from '@/lib/session-event';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';

/** A session event as the feeds send it. */
export type SessionEvent = PublishedSessionEvent;
export { sessionEventOf };

/**
 * Follows every session the user may see (GET /api/sessions/events, live only): `onEvent(e)` for
 * each event, and `onEvent(null)` — "re-read everything" — each time the feed is ready (first
 * connection and every reconnection), so nothing that happened while it was down is missed.
 * No polling: without a feed (`off`), lists change only when re-read by hand.
 */
export function useLiveSessions(onEvent: (e: SessionEvent | null) => void): { status: LiveStatus; reconnect: () => void } {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  const handle = useEffectEvent(onEvent);

  useEffect(() => {
    const source = new EventSource('/api/sessions/events');
    source.addEventListener('ready', () => {
      setStatus('live');
      handle(null);
    });
    source.onmessage = (m: MessageEvent<string>) => {
      const e = sessionEventOf(m.data);
      if (e) handle(e);
    };
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'off' : 'reconnecting');
    return () => source.close();
  }, [attempt]);

  const reconnect = () => {
    setStatus('connecting');
    setAttempt((n) => n + 1);
  };
  return { status, reconnect };
}
