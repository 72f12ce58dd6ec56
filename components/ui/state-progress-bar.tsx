/** How many of a run's state instances are in each status (the bar's segments). */
export type StateCounts = { done: number; running: number; failed: number; total: number };

/**
 * A run's progress over its state instances as one bar: done (green), running (indigo) and
 * failed (red) segments in proportion to the total; `text` is what screen readers hear
 * ("3 of 7 states done"). Used by the run list, the run view and the chat's run card.
 */
export function StateProgressBar({ counts, text, thin = false }: { counts: StateCounts; text: string; thin?: boolean }) {
  const pct = (n: number) => `${counts.total > 0 ? (n / counts.total) * 100 : 0}%`;
  return (
    <div
      role="progressbar"
      aria-label="States done"
      aria-valuemin={0}
      aria-valuemax={counts.total}
      aria-valuenow={counts.done}
      aria-valuetext={text}
      className={`flex ${thin ? 'h-1.5' : 'h-2'} overflow-hidden rounded-full bg-slate-100`}
      data-testid="state-progress"
    >
      <span className="h-full bg-emerald-500 transition-[width]" style={{ width: pct(counts.done) }} />
      <span className="h-full bg-indigo-400 transition-[width]" style={{ width: pct(counts.running) }} />
      <span className="h-full bg-red-500 transition-[width]" style={{ width: pct(counts.failed) }} />
    </div>
  );
}
