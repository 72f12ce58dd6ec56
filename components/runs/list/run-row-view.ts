import { failureCause, INVALID_INPUT_LABEL } from '@/lib/failure-cause';
import type { RunRow } from './types';

/** How long a run took, or has been running until `now`; null when its start cannot be read. */
export function runDurationMs(run: Pick<RunRow, 'started_at' | 'finished_at'>, now: number): number | null {
  const start = Date.parse(run.started_at);
  if (Number.isNaN(start)) return null;
  const end = run.finished_at ? Date.parse(run.finished_at) : now;
  return Number.isNaN(end) ? null : Math.max(0, end - start);
}

export type StateCounts = RunRow['states'];

/** The progress bar of a row: whole percentages of done, running and failed state instances, the same in words, and a short label ("4/7"). */
export function progressOf(c: StateCounts): { done: number; running: number; failed: number; text: string; short: string } {
  const pct = (n: number) => (c.total > 0 ? Math.round((n / c.total) * 100) : 0);
  const extra = [c.running && `${c.running} running`, c.failed && `${c.failed} failed`, c.pending && `${c.pending} pending`].filter(
    Boolean,
  );
  const text = c.total === 0 ? 'No states yet' : `${c.done} of ${c.total} done${extra.length ? ` · ${extra.join(' · ')}` : ''}`;
  return { done: pct(c.done), running: pct(c.running), failed: pct(c.failed), text, short: `${c.done}/${c.total}` };
}

/** A failed run's error and cause in one line ("States.TaskFailed: the skill timed out"); null without an error. */
export function runErrorText(run: Pick<RunRow, 'error' | 'cause'>): string | null {
  if (!run.error && !run.cause) return null;
  return [run.error, run.cause].filter(Boolean).join(': ');
}

/**
 * "failed: invalid input" for a run that ended on an error its caller's input caused (an unknown
 * advisor, a reversed period: lib/failure-cause.ts) — not a fault of a skill; null otherwise.
 */
export function runFailureLabel(run: { status: string; error: string | null; cause: string | null }): string | null {
  if (run.status === 'SUCCEEDED' || run.status === 'RUNNING' || !run.error) return null;
  return failureCause(run.error, run.cause ?? null) === 'caller' ? INVALID_INPUT_LABEL : null;
}
