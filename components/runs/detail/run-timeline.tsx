'use client';
import { useMemo } from 'react';
import { useNow } from '@/components/hooks/use-now';
import { durationText } from '@/components/chat/format';
import { timelineRows } from './timeline-rows';
import type { Instance } from './types';

const BAR: Record<Instance['status'], string> = {
  pending: 'bg-slate-300',
  running: 'bg-indigo-500',
  done: 'bg-emerald-500',
  failed: 'bg-red-500',
};

/**
 * The run as a Gantt chart: a row per state instance, its bar from start to finish (or now), the
 * wait between entering and starting drawn faint, attempts noted. Clicking a row selects it.
 */
export function RunTimeline({
  instances,
  run,
  running,
  onSelect,
}: {
  instances: readonly Instance[];
  run: { started_at?: unknown; finished_at?: unknown };
  running: boolean;
  onSelect(instance: string): void;
}) {
  const now = useNow(running ? 1000 : 3_600_000);
  const { rows, spanMs } = useMemo(() => timelineRows(instances, run, now), [instances, run, now]);
  if (rows.length === 0) return <p className="p-4 text-sm text-slate-500">No state has started yet.</p>;
  return (
    <div className="space-y-1 p-3" data-testid="run-timeline" role="list" aria-label="Timeline of the run's states">
      <div className="flex justify-between pl-56 text-[11px] text-slate-500">
        <span>0</span>
        <span>{durationText(spanMs / 2)}</span>
        <span>{durationText(spanMs)}</span>
      </div>
      {rows.map((r) => (
        <button
          key={r.instance}
          type="button"
          role="listitem"
          onClick={() => onSelect(r.instance)}
          className="flex w-full items-center gap-2 rounded px-1 py-0.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
          data-testid="timeline-row"
          data-instance={r.instance}
          data-status={r.status}
          aria-label={`${r.instance}: ${r.status}${r.endMs ? `, ${durationText(r.endMs - r.startMs)}` : ''}, ${r.attempts} attempts`}
        >
          <span className="w-54 shrink-0 truncate font-mono text-[11px] text-slate-700" title={r.instance}>
            {r.instance}
            {r.attempts > 1 && <span className="ml-1 text-amber-700">×{r.attempts}</span>}
          </span>
          <span className="relative h-3.5 flex-1 rounded bg-slate-100">
            {r.waitedFrom !== null && (
              <span
                className="absolute inset-y-1 rounded bg-slate-300/70"
                style={{ left: `${r.waitedFrom * 100}%`, width: `${(r.start - r.waitedFrom) * 100}%` }}
              />
            )}
            <span
              className={`absolute inset-y-0 rounded ${BAR[r.status]}`}
              style={{ left: `${r.start * 100}%`, width: `max(3px, ${(r.end - r.start) * 100}%)` }}
            />
          </span>
          <span className="w-16 shrink-0 text-right text-[11px] tabular-nums text-slate-500">
            {r.endMs ? durationText(r.endMs - r.startMs) : r.status}
          </span>
        </button>
      ))}
    </div>
  );
}
