'use client';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { errorMessage } from '@/components/ui/error-message';
import type { QaQueueItem } from '@/components/qa/types';
import { runCallsComplete, runCallsInput } from './run-calls';

/** How long to wait for a finished run's results to be stored (the consolidation job runs every 2 s). */
const WAIT_MS = 30_000;
const POLL_MS = 2_000;

export interface RunCalls {
  items: QaQueueItem[];
  /** Every call of the run in the store; null until first read. */
  total: number | null;
  /** Still fewer stored than the run analysed, and still waiting for them. */
  storing: boolean;
  failure: string | null;
}

/**
 * A SUCCEEDED run's calls in the QA store (`qa.list` by run id), asked again every 2 s while
 * fewer are stored than the run's output scored (`expected`), for at most 30 s from when the
 * caller mounts (it mounts once the run has succeeded).
 */
export function useRunCalls(runId: string, expected: number): RunCalls {
  const trpc = useTRPC();
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setExpired(true), WAIT_MS);
    return () => clearTimeout(t);
  }, []);
  const query = useQuery({
    ...trpc.qa.list.queryOptions(runCallsInput(runId)),
    refetchInterval: (q) => {
      const d = q.state.data;
      if (d?.status !== 'ok') return false;
      return !expired && !runCallsComplete(d.total, expected) ? POLL_MS : false;
    },
  });
  const data = query.data?.status === 'ok' ? query.data : null;
  const failure = query.data?.status === 'error' ? query.data.error : query.isError ? errorMessage(query.error) : null;
  const total = data?.total ?? null;
  return {
    items: (data?.items ?? []) as QaQueueItem[],
    total,
    storing: !failure && !expired && !runCallsComplete(total, expected),
    failure,
  };
}
