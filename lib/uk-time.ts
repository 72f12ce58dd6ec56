/**
 * Dates and times for UK users: en-GB, in Europe/London (GMT or BST as the date falls), whatever
 * the browser's or server's own zone. Pure; used by the QA pages, their exports and the server's
 * day filters (a "day" is a London calendar day).
 */
export const LONDON = 'Europe/London';

const DATE = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const EXACT = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "3 Jul 2024"; "—" for none. */
export const ukDate = (iso: string | null | undefined) => (parse(iso) ? DATE.format(parse(iso)!) : '—');
/** "3 Jul 2024, 15:12" (London time); "—" for none. */
export const ukDateTime = (iso: string | null | undefined) => (parse(iso) ? DATE_TIME.format(parse(iso)!) : '—');
/** "3 Jul 2024, 15:12:09 BST": the exact moment with its zone. */
export const ukExact = (iso: string | null | undefined) => (parse(iso) ? EXACT.format(parse(iso)!) : '—');

/** Minutes London is ahead of UTC at instant `t` (0 in winter, 60 in summer). */
function londonOffsetMinutes(t: number): number {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(t / 1000) * 1000) / 60_000);
}

/** The instant a London calendar day (YYYY-MM-DD) begins, as an ISO string. */
export function londonDayStart(day: string): string {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // London midnight is at UTC midnight minus the offset in force then (read just before, then checked).
  const guess = utcMidnight - londonOffsetMinutes(utcMidnight) * 60_000;
  return new Date(utcMidnight - londonOffsetMinutes(guess) * 60_000).toISOString();
}

/** The London calendar day (YYYY-MM-DD) after `day`'s start: for inclusive "to" filters. */
export function londonNextDayStart(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return londonDayStart(next);
}

/** The London calendar day of an instant, YYYY-MM-DD. */
export function londonDay(iso: string): string {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** "15:12:09" (London time); "—" for none. */
export const ukTime = (iso: string | number | Date | null | undefined) => {
  const d = iso === null || iso === undefined ? null : new Date(iso);
  return d && !Number.isNaN(d.getTime()) ? TIME.format(d) : '—';
};
