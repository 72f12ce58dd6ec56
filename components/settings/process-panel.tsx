'use client';
import type { ReactNode } from 'react';
import type { HealthQueries } from './health/queries';
import { Badge } from '@/components/ui/badge';
import { CheckedActions } from './checked-actions';
import { errorMessage } from '@/components/ui/error-message';
import { Panel } from '@/components/ui/panel';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { SLOW_LOOP_MS } from './health/problems';

/**
 * Settings → Health: the console process itself — how late its event loop ran since the last check
 * (one request holding the process shows here first), its memory and uptime. Refreshed every 30 s (the tab's query).
 */
export function ProcessPanel({ query: health }: { query: HealthQueries['process'] }) {
  return (
    <Panel id="process" title="Console process" actions={<CheckedActions query={health} />}>
      {health.isPending ? (
        <LoadingState label="Reading the process…" />
      ) : health.isError ? (
        <ErrorState title="Process figures failed" message={errorMessage(health.error)} onRetry={() => void health.refetch()} />
      ) : (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-5" data-testid="process-health">
          <Figure label={`Event-loop delay, last ${health.data.windowS} s`} wide>
            <Badge tone={health.data.eventLoopDelayMs.p99 > SLOW_LOOP_MS ? 'bad' : 'ok'}>p99 {health.data.eventLoopDelayMs.p99} ms</Badge>
            <span className="ml-2 text-xs text-slate-500">
              median {health.data.eventLoopDelayMs.p50} ms · worst {health.data.eventLoopDelayMs.max} ms
            </span>
          </Figure>
          <Figure label="Heap in use">{health.data.heapUsedMb} MB</Figure>
          <Figure label="Resident memory">{health.data.rssMb} MB</Figure>
          <Figure label="Up for">{upFor(health.data.uptimeS)}</Figure>
        </dl>
      )}
    </Panel>
  );
}

function Figure({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 tabular-nums">{children}</dd>
    </div>
  );
}

/** 93 784 s → "1 d 2 h 3 min"; under a minute → "42 s". */
function upFor(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const d = Math.floor(seconds / 86_400),
    h = Math.floor((seconds % 86_400) / 3_600),
    m = Math.floor((seconds % 3_600) / 60);
  return [d && `${d} d`, h && `${h} h`, `${m} min`].filter(Boolean).join(' ');
}
