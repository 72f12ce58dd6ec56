'use client';
import { useEffect, useEffectEvent, useState } from 'react';

/** connecting: first connection; live: subscribed; reconnecting: the browser retries on its own; off: the server refused (signed out, no Redis). */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

/** A session event as the feeds send it (server/delegation/hub.ts PublishedSessionEvent). */
export interface SessionEvent {
  id: number;
  session_id: string;
  kind: string;
  task_id: string | null;
  actor: string | null;
  subject: string | null;
  at: string;
}

/** The event in an SSE message's data, or null for anything else. */
export function sessionEventOf(data: string): SessionEvent | null {
  try {
    const e = JSON.parse(data) as SessionEvent;
    return typeof e?.id === 'number' && typeof e.session_id === 'string' && typeof e.kind === 'string' ? e : null;
  } catch {
    return null;
  }
}

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
