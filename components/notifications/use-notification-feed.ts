'use client';
import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';
import { notificationEventOf, type PublishedNotification } from '@/server/contracts/notification-schemas';

/**
 * Follows the signed-in user's alerts (GET /api/notifications/events, live only): `onEvent(e)`
 * for each new alert, and `onEvent(null)` — "re-read the count and list" — each time the feed is
 * ready (first connection and every reconnection), so nothing sent while it was down is missed.
 */
export function useNotificationFeed(onEvent: (e: PublishedNotification | null) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handle = useEffectEvent(onEvent);
  useEffect(() => {
    const source = new EventSource('/api/notifications/events');
    source.addEventListener('ready', () => {
      setStatus('live');
      handle(null);
    });
    source.onmessage = (m: MessageEvent<string>) => {
      const e = notificationEventOf(m.data);
      if (e) handle(e);
    };
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'off' : 'reconnecting');
    return () => source.close();
  }, []);
  return status;
}
