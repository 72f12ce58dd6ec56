import { progressOf, type StateCounts } from './run-row-view';

/** A run's state instances as a thin bar (done green, running indigo, failed red) with the counts in words. */
export function RunProgress({ states }: { states: StateCounts }) {
  const p = progressOf(states);
  return (
    <div className="w-28" title={p.text}>
      <div
        role="progressbar"
        aria-label="States done"
        aria-valuemin={0}
        aria-valuemax={states.total}
        aria-valuenow={states.done}
        aria-valuetext={p.text}
        className="flex h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <span className="h-full bg-emerald-500 transition-[width]" style={{ width: `${p.done}%` }} />
        <span className="h-full bg-indigo-400 transition-[width]" style={{ width: `${p.running}%` }} />
        <span className="h-full bg-red-500 transition-[width]" style={{ width: `${p.failed}%` }} />
      </div>
      <p aria-hidden className="mt-1 text-xs whitespace-nowrap text-slate-500">
        {p.short} states{states.failed > 0 && <span className="text-red-700"> · {states.failed} failed</span>}
      </p>
    </div>
  );
}
