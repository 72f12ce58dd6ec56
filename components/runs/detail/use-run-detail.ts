'use client';
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc';
import { applyRunEvent, mergeFresher } from './apply-run-event';
import type { RunDetail, RunEvent } from './types';

/** How often, at most, the whole run is re-read while events arrive (inputs and outputs are not in events). */
const REREAD_MS = 1000;

/**
 * One run, live. The first read has everything (workflow, instances, events); then the run's
 * Server-Sent Events stream (from the last event read) is applied to the cached snapshot as each
 * event arrives — a state's colour changes the moment Redis changes — and the run is re-read in
 * the background at most once a second for what events do not carry. The stream stays open after
 * the run ends, because a redrive brings it back to life.
 */
export function useRunDetail(runId: string) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const input = { run_id: runId, include_workflow: true, include_instances: true, include_events: true };
  const key = trpc.runs.get.queryKey(input);
  const query = useQuery({
    ...trpc.runs.get.queryOptions(input),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    structuralSharing: (old, fresh) => {
      const o = old as RunDetail | { status: 'error' } | undefined;
      const f = fresh as RunDetail | { status: 'error' };
      return f.status === 'ok' && o?.status === 'ok' ? mergeFresher(o, f) : fresh;
    },
  });
  const [live, setLive] = useState<'connecting' | 'live' | 'offline'>('connecting');
  const loaded = query.data?.status === 'ok';
  const reread = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!loaded) return;
    const first = qc.getQueryData(key);
    const after = first?.status === 'ok' ? first.events.at(-1)?.id : undefined;
    const source = new EventSource(`/api/runs/${runId}/events${after ? `?after=${encodeURIComponent(after)}` : ''}`);
    source.onopen = () => setLive('live');
    source.onerror = () => setLive(source.readyState === EventSource.CLOSED ? 'offline' : 'connecting');
    source.onmessage = (m) => {
      const e = JSON.parse(m.data as string) as RunEvent;
      qc.setQueryData(key, (old) => (old?.status === 'ok' ? applyRunEvent(old, e) : old));
      reread.current ??= setTimeout(() => {
        reread.current = null;
        // Re-reading replaces the snapshot; events that arrive meanwhile are re-applied on top of it.
        void query.refetch();
      }, REREAD_MS);
    };
    return () => {
      source.close();
      if (reread.current) clearTimeout(reread.current);
      reread.current = null;
    };
    // The stream is opened once per run, when its first snapshot is in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, runId]);

  const data = query.data?.status === 'ok' ? query.data : null;
  return { data, failure: query.data?.status === 'error' ? query.data : null, query, live };
}
