import { ukDate } from '@/lib/uk-time';

/**
 * Calendar-day arithmetic for the dashboard (pure). Days are YYYY-MM-DD London calendar days, as
 * the dashboard's contract gives them (server/dashboard/schemas.ts); a week is keyed by its Monday.
 * Arithmetic runs on UTC midnights, where a day is always 24 hours, so no clock change can shift it.
 */
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const isDay = (s: string) => DAY.test(s) && toDay(toMs(s)) === s;

/** `day` moved by `n` days (negative: earlier). */
export const addDays = (day: string, n: number) => toDay(toMs(day) + n * DAY_MS);

/** The Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(toMs(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every Monday from the week of `from` to the week of `to`: the weeks a period spans, gaps included. */
export function weeksOf(period: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let w = mondayOf(period.from); w <= period.to; w = addDays(w, 7)) out.push(w);
  return out;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The days of `week` (a Monday) inside the period: a week cut by the period's start or end covers
 * only its days in the period, so a drill-down lists exactly the calls the point counted.
 */
export function weekInPeriod(week: string, period: { from: string; to: string }): { from: string; to: string } {
  const sunday = addDays(week, 6);
  return { from: week < period.from ? period.from : week, to: sunday > period.to ? period.to : sunday };
}

/** "1 Jul 2024" (en-GB) for a calendar day; noon UTC is the same London day all year round. */
export const dayText = (day: string) => ukDate(`${day}T12:00:00Z`);

/** "w/c 1 Jul 2024": the week commencing that Monday, as UK reports write it. */
export const weekText = (monday: string) => `w/c ${dayText(monday)}`;

/** "1 Jul 2024 – 7 Jul 2024", or one day alone. */
export const periodText = (p: { from: string; to: string }) =>
  p.from === p.to ? dayText(p.from) : `${dayText(p.from)} – ${dayText(p.to)}`;
