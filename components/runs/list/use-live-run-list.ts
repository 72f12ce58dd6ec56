'use client';
import { useRunFeedRefetch } from '../../hooks/use-run-feed-refetch';
import { eventTouchesList } from './run-event';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';

/** At most one refetch of the list per second while events arrive. */
const REFETCH_INTERVAL_MS = 1000;

/**
 * Keeps the run list live without polling: refetches the loaded pages, throttled, when a run event
 * can change them (`eventTouchesList`), and on each (re)connection
 * (components/hooks/use-run-feed-refetch.ts).
 */
export function useLiveRunList(
  refetch: () => Promise<unknown>,
  shownRunIds: ReadonlySet<string>,
): { status: LiveStatus; reconnect: () => void } {
  return useRunFeedRefetch(refetch, REFETCH_INTERVAL_MS, (data) => (eventTouchesList(data, shownRunIds) ? [0] : []));
}
