import { StateProgressBar } from '@/components/ui/state-progress-bar';
import { progressOf, type StateCounts } from './run-row-view';

/** A run's state instances as a thin bar (done green, running indigo, failed red) with the counts in words. */
export function RunProgress({ states }: { states: StateCounts }) {
  const p = progressOf(states);
  return (
    <div className="w-28" title={p.text}>
      <StateProgressBar counts={states} text={p.text} thin />
      <p aria-hidden className="mt-1 text-xs whitespace-nowrap text-slate-500">
        {p.short} states{states.failed > 0 && <span className="text-red-700"> · {states.failed} failed</span>}
      </p>
    </div>
  );
}
