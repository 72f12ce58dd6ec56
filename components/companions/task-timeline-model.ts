/**
 * The delegation timeline's arithmetic, pure and tested: where each task's bar sits on the
 * session's time axis (a waterfall, as trace views draw spans), how long it ran or has been
 * running, and each step's offset from the delegation.
 */
export interface TimedTask {
  task_id: string;
  status: string;
  delegated_at: string;
  completed_at: string | null;
}

export interface Bar {
  /** Percent of the axis before the bar starts. */
  left: number;
  /** Percent of the axis the bar covers (at least a sliver, so an instant task is visible). */
  width: number;
  open: boolean;
}

const MIN_WIDTH = 0.8;
const isOpen = (status: string) => status === 'delegated' || status === 'offered';

/** The axis from the first delegation to the last end (now for tasks still open). */
export function timeAxis(tasks: readonly TimedTask[], now: number): { start: number; end: number } | null {
  if (!tasks.length) return null;
  const start = Math.min(...tasks.map((t) => Date.parse(t.delegated_at)));
  const end = Math.max(
    ...tasks.map((t) => (t.completed_at ? Date.parse(t.completed_at) : isOpen(t.status) ? now : Date.parse(t.delegated_at))),
  );
  return { start, end: Math.max(end, start + 1000) };
}

/** Each task's bar on the axis, by task id. */
export function waterfall(tasks: readonly TimedTask[], now: number): Map<string, Bar> {
  const axis = timeAxis(tasks, now);
  const bars = new Map<string, Bar>();
  if (!axis) return bars;
  const span = axis.end - axis.start;
  for (const t of tasks) {
    const from = Date.parse(t.delegated_at);
    const to = t.completed_at ? Date.parse(t.completed_at) : isOpen(t.status) ? now : from;
    const left = ((from - axis.start) / span) * 100;
    const width = Math.max(MIN_WIDTH, ((to - from) / span) * 100);
    bars.set(t.task_id, {
      left: Math.min(left, 100 - MIN_WIDTH),
      width: Math.min(width, 100 - Math.min(left, 100 - MIN_WIDTH)),
      open: isOpen(t.status),
    });
  }
  return bars;
}

/** Newest delegation first (what runs now is usually the latest), ties by task id. */
export function newestFirst<T extends TimedTask>(tasks: readonly T[]): T[] {
  return [...tasks].sort((a, b) => Date.parse(b.delegated_at) - Date.parse(a.delegated_at) || b.task_id.localeCompare(a.task_id));
}

/** "+12 seconds" style offsets need the seconds since the delegation. */
export function offsetSeconds(delegatedAt: string, at: string): number {
  return Math.max(0, (Date.parse(at) - Date.parse(delegatedAt)) / 1000);
}

/** The median of a list of numbers (a typical task time), or null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
