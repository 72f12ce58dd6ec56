import { isRfc3339Timestamp } from '../asl/timestamp.ts';

/**
 * An instant read from an ASL timestamp (RFC 3339 with uppercase `T` and `Z`, as the spec
 * requires; the same grammar the validator uses). Kept as whole seconds since the epoch plus
 * nanoseconds so that fractions finer than a millisecond still order correctly
 * (`…:00.0001Z` < `…:00.0002Z`). A leap second (`:60`) counts as the next minute's `:00`.
 */
export interface Instant {
  seconds: number;
  nanos: number;
}

const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|([+-])(\d{2}):(\d{2}))$/;

export function parseTimestamp(value: unknown): Instant | null {
  if (typeof value !== 'string' || !isRfc3339Timestamp(value)) return null;
  const m = PARTS.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const offsetMinutes = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  const nanos = Number(((m[7] ?? '') + '000000000').slice(0, 9));
  return { seconds: date.getTime() / 1000 - offsetMinutes * 60, nanos };
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function compareInstants(a: Instant, b: Instant): number {
  return a.seconds !== b.seconds ? a.seconds - b.seconds : a.nanos - b.nanos;
}

/** The instant as a Date (millisecond precision: finer fractions are truncated). */
export function instantToDate(instant: Instant): Date {
  return new Date(instant.seconds * 1000 + Math.floor(instant.nanos / 1_000_000));
}
