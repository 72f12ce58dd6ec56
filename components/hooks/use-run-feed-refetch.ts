'use client';
import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';
import { createRefetchThrottle } from './refetch-throttle';

/**
 * Keeps a view live without polling: listens to every run's events (GET /api/runs/events) and
 * calls `refetch`, at most once per `throttleMs`, after each delay `refetchAfter(event data)` gives
 * (`[]`: the event changes nothing shown; `[0]`: now). The feed has no backlog, so each
 * (re)connection refetches too: nothing that happened while it was down is missed. `reconnect`
 * opens a new connection after the server refused one. The run list and the dashboard use it.
 */
export function useRunFeedRefetch(
  refetch: () => Promise<unknown>,
  throttleMs: number,
  refetchAfter: (data: string) => readonly number[],
): { status: LiveStatus; reconnect: () => void } {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  const refetchNow = useEffectEvent(() => refetch());
  const delaysFor = useEffectEvent((data: string) => refetchAfter(data));

  useEffect(() => {
    const throttle = createRefetchThrottle(() => refetchNow(), throttleMs);
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const source = new EventSource('/api/runs/events');
    source.onopen = () => {
      setStatus('live');
      throttle.trigger();
    };
    source.onmessage = (m: MessageEvent<string>) => {
      for (const delay of delaysFor(m.data)) {
        if (delay <= 0) {
          throttle.trigger();
          continue;
        }
        const t = setTimeout(() => {
          timers.delete(t);
          throttle.trigger();
        }, delay);
        timers.add(t);
      }
    };
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? 'off' : 'reconnecting');
    return () => {
      throttle.stop();
      for (const t of timers) clearTimeout(t);
      source.close();
    };
  }, [attempt, throttleMs]);

  const reconnect = () => {
    setStatus('connecting');
    setAttempt((n) => n + 1);
  };
  return { status, reconnect };
}
