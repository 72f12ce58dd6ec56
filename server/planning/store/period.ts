import { londonDay, londonDayStart, londonNextDayStart } from '../../../lib/uk-time.ts';

/**
 * A period of Europe/London calendar days, both included (the cost report's and the findings
 * list's `since`/`until`), as the instants that bound it: [start, end).
 */
export interface DayPeriod {
  since: string;
  until: string;
  start: Date;
  end: Date;
}

/** Most days one cost report covers (a year and a day): its series are one number a day. */
export const MAX_REPORT_DAYS = 366;

/** `until` absent is today (the real clock: plans are recorded at real times), `since` 30 days before it. */
export function dayPeriod(since: string | undefined, until: string | undefined, now = new Date()): DayPeriod {
  const to = until ?? londonDay(now.toISOString());
  const from = since ?? addDays(to, -29);
  return { since: from, until: to, start: new Date(londonDayStart(from)), end: new Date(londonNextDayStart(to)) };
}

/** Every day of the period, in order. */
export function daysOf(p: Pick<DayPeriod, 'since' | 'until'>): string[] {
  const out: string[] = [];
  for (let d = p.since; d <= p.until && out.length <= MAX_REPORT_DAYS; d = addDays(d, 1)) out.push(d);
  return out;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Days between two days, `until` − `since` + 1. */
export function dayCount(since: string, until: string): number {
  return Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000) + 1;
}
