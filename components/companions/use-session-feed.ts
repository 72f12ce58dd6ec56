'use client';
import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';
import { sessionEventOf, type SessionEvent } from './use-live-sessions';

/**
 * Follows one session (GET /api/sessions/<id>/events) from the event `after` (the newest one the
 * caller has read): events recorded since then are replayed, then new ones arrive live; the
 * browser reconnects with Last-Event-ID, so none is missed or repeated. `onEvent` gets each one.
 * `after` is taken when the session changes (re-reads that move it on do not reopen the feed).
 */
export function useSessionFeed(sessionId: string | null, after: number | null, onEvent: (e: SessionEvent) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handle = useEffectEvent(onEvent);
  const [from, setFrom] = useState({ session: sessionId, after });
  if (from.session !== sessionId) setFrom({ session: sessionId, after });

  useEffect(() => {
    const id = from.session;
    if (!id) return;
    setStatus('connecting');
    const source = new EventSource(`/api/sessions/${encodeURIComponent(id)}/events${from.after !== null ? `?after=${from.after}` : ''}`);
    source.addEventListener('ready', () => setStatus('live'));
    source.onmessage = (m: MessageEvent<string>) => {
      const e = sessionEventOf(m.data);
      if (e) handle(e);
    };
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'off' : 'reconnecting');
    return () => source.close();
  }, [from]);

  return sessionId ? status : 'off';
}
