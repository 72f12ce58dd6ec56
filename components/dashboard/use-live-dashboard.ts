'use client';
import type { LiveStatus } from '@/components/ui/live-feed-indicator';
import { useRunFeedRefetch } from '@/components/hooks/use-run-feed-refetch';
import { REFETCH_AFTER_RUN_MS, runFinished } from './run-finished';

/** At most one refetch of the figures per two seconds while runs end. */
const THROTTLE_MS = 2000;

/**
 * Keeps the dashboard's figures current without a reload: refetches when a run ends, and again
 * once its results are stored (REFETCH_AFTER_RUN_MS), throttled (components/hooks/use-run-feed-refetch.ts).
 * The queries also refetch on a slow interval (use-dashboard-data.ts), for what no run event
 * announces (reviews signed off elsewhere).
 */
export function useLiveDashboard(refetch: () => Promise<unknown>): { status: LiveStatus; reconnect: () => void } {
  return useRunFeedRefetch(refetch, THROTTLE_MS, (data) => (runFinished(data) ? REFETCH_AFTER_RUN_MS : []));
}
