import type { Instance } from './types';

/** One bar of the run's timeline: where it starts and ends as fractions of the run's span. */
export type TimelineRow = {
  instance: string;
  status: Instance['status'];
  attempts: number;
  start: number;
  end: number;
  startMs: number;
  endMs: number | null;
  waitedFrom: number | null;
};

/**
 * The Gantt rows of a run: one per state instance that was entered, in the order they started.
 * A bar runs from the instance's first start (or entry) to its finish, or to `now` while it
 * runs; the time it waited between entry and start is drawn faint (`waitedFrom`). The span is
 * the run's start to its end (or now); positions are fractions of it, so the chart scales.
 */
export function timelineRows(
  instances: readonly Instance[],
  run: { started_at?: unknown; finished_at?: unknown },
  now: number,
): { rows: TimelineRow[]; spanMs: number; startMs: number } {
  const ms = (v: unknown) => (typeof v === 'string' && v ? Date.parse(v) : NaN);
  const runStart = ms(run.started_at);
  const runEnd = ms(run.finished_at);
  const placed = instances
    .map((i) => ({ i, entered: ms(i.entered_at), started: ms(i.started_at), finished: ms(i.finished_at) }))
    .filter((p) => !Number.isNaN(p.entered) || !Number.isNaN(p.started))
    .map((p) => ({ ...p, from: Number.isNaN(p.started) ? p.entered : p.started }));
  const startMs = Number.isNaN(runStart) ? Math.min(...placed.map((p) => p.from), now) : runStart;
  const endMs = Number.isNaN(runEnd) ? Math.max(now, ...placed.map((p) => (Number.isNaN(p.finished) ? p.from : p.finished))) : runEnd;
  const spanMs = Math.max(1, endMs - startMs);
  const frac = (t: number) => Math.min(1, Math.max(0, (t - startMs) / spanMs));
  const rows = placed
    .sort((a, b) => a.from - b.from || a.i.instance.localeCompare(b.i.instance))
    .map(({ i, entered, from, finished }) => {
      const end = Number.isNaN(finished) ? (i.status === 'running' || i.status === 'pending' ? Math.min(now, endMs) : from) : finished;
      return {
        instance: i.instance,
        status: i.status,
        attempts: i.attempts,
        start: frac(from),
        end: Math.max(frac(end), frac(from)),
        startMs: from,
        endMs: Number.isNaN(finished) ? null : finished,
        waitedFrom: !Number.isNaN(entered) && entered < from ? frac(entered) : null,
      };
    });
  return { rows, spanMs, startMs };
}
