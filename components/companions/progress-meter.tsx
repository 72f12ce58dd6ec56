/** A task's reported progress as a bar with its percentage and the Companion's words. */
export function ProgressMeter({ pct, message, label }: { pct: number; message: string | null; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(pct)));
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%${message ? `: ${message}` : ''}`}
        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <span className="block h-full bg-indigo-500 transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <p className="text-xs text-slate-600">
        <span className="font-medium tabular-nums">{value}%</span>
        {message && <> — {message}</>}
      </p>
    </div>
  );
}
