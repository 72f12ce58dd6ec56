'use client';
import { useNow } from '@/components/hooks/use-now';
import type { RunOverlay } from '../node-data';
import { RUN_STATUS_STYLE } from './kind-style';

/** Seconds left on a lease ("42 s"), or "expired". */
export function leaseLeft(expiresAt: number, now: number): string {
  const s = Math.ceil((expiresAt - now) / 1000);
  return s > 0 ? `${s} s` : 'expired';
}

/**
 * The run view's band on a node: status, attempts, the lease owner with a live TTL countdown
 * while it holds the state, Map iteration counts, a swapped-in skill and the last error.
 */
export function RunBand({ run }: { run: RunOverlay }) {
  const ticking = run.status === 'running' && run.leaseExpiresAt !== null;
  const now = useNow(ticking ? 1000 : 3_600_000);
  return (
    <div className="mt-1 space-y-0.5 border-t border-slate-200/70 pt-1 text-[11px] leading-4 text-slate-600" data-testid="run-band">
      <p className="flex items-center justify-between gap-2">
        <span className="font-medium" data-testid="state-status">
          {RUN_STATUS_STYLE[run.status].label}
        </span>
        <span className="tabular-nums" data-testid="state-attempts">
          {run.attempts} {run.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </p>
      {run.iterations ? (
        <p className="tabular-nums" data-testid="map-iterations">
          {run.iterations.done}/{run.iterations.total} iterations done
          {run.iterations.running > 0 && <> · {run.iterations.running} running</>}
          {run.iterations.failed > 0 && <span className="text-red-700"> · {run.iterations.failed} failed</span>}
        </p>
      ) : ticking ? (
        <p className="truncate" data-testid="lease-owner" title={run.owner ?? undefined}>
          lease {run.owner ?? '—'} · <span className="tabular-nums">{leaseLeft(run.leaseExpiresAt!, now)}</span>
        </p>
      ) : run.lastError ? (
        <p className="truncate text-red-700" title={run.lastError} data-testid="state-last-error">
          {run.swappedTo ? `swapped → ${run.swappedTo.replace(/^skill:\/\//, '')} · ` : ''}
          {run.lastError}
        </p>
      ) : run.swappedTo ? (
        <p className="truncate text-amber-700">swapped → {run.swappedTo.replace(/^skill:\/\//, '')}</p>
      ) : null}
    </div>
  );
}
