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
  return londonInstant(day, '00:00');
}

/**
 * The instant a London clock shows `time` (HH:MM, 24-hour) on London day `day` (YYYY-MM-DD), as an
 * ISO string: "09:00" on 1 Jul 2024 is 08:00Z (BST), on 1 Dec 09:00Z (GMT). A time the clocks skip
 * (01:30 on the last Sunday of March) comes out an hour later; one they show twice, the first.
 */
export function londonInstant(day: string, time: string): string {
  const wall = Date.parse(`${day}T${time}:00Z`);
  if (Number.isNaN(wall)) throw new RangeError(`not a London day and time: ${day} ${time}`);
  // The wall time read as UTC, less the offset in force then (read just before, then checked).
  const guess = wall - londonOffsetMinutes(wall) * 60_000;
  return new Date(wall - londonOffsetMinutes(guess) * 60_000).toISOString();
}

/**
 * A date-time without a zone ("2024-07-01T09:00", with seconds or not) read on London's clock, as
 * an instant (`…Z`): what a UK user means by it. Null for anything else (one with a zone, no day).
 */
export function londonWallInstant(text: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}(?:\.\d+)?))?$/.exec(text.trim());
  if (!m || !isCalendarDay(m[1]!) || Number(m[2]!.slice(0, 2)) > 23 || Number(m[2]!.slice(3)) > 59) return null;
  const at = Date.parse(londonInstant(m[1]!, m[2]!)) + Number(m[3] ?? 0) * 1000;
  return Number.isNaN(at) ? null : new Date(at).toISOString().replace('.000Z', 'Z');
}

/** The London day (YYYY-MM-DD) and clock time (HH:MM) of an instant; null when `iso` is no instant. */
export function londonDayTime(iso: string): { day: string; time: string } | null {
  const d = parse(iso);
  if (!d) return null;
  const p = Object.fromEntries(PARTS.formatToParts(d).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
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

const DAY_PARTS = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day's parts, or null when `day` is not a real YYYY-MM-DD day (2024-02-30 is not). */
function dayParts(day: string): { day: string; month: string; year: string } | null {
  const m = DAY_RE.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(t).toISOString().slice(0, 10) !== day) return null;
  // A calendar day has no instant: formatted as that day in UTC, so no zone can move it to its neighbour.
  const p = Object.fromEntries(DAY_PARTS.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { day: p.day!, month: p.month!, year: p.year! };
}

/**
 * "8 Jul 2024": a London calendar day given as YYYY-MM-DD (a day, not an instant: the same words
 * in GMT and BST). "—" for none; text that is not a real day comes back unchanged, so words built
 * on it never lose what was given.
 */
export function ukDay(day: string | null | undefined): string {
  if (!day) return '—';
  const p = dayParts(day);
  return p ? `${p.day} ${p.month} ${p.year}` : day;
}

/**
 * A range of calendar days (inclusive, YYYY-MM-DD) as a UK reader reads it: "1–7 Jul 2024",
 * "28 Jun – 4 Jul 2024", "29 Dec 2024 – 4 Jan 2025"; a one-day range is that day ("8 Jul 2024").
 * Each part is said once, from the end backwards: the year when both share it, then the month.
 */
export function ukDayRange(start: string, end: string): string {
  const a = dayParts(start);
  const b = dayParts(end);
  if (!a || !b) return `${ukDay(start)} – ${ukDay(end)}`;
  if (start === end) return ukDay(start);
  if (a.year !== b.year) return `${ukDay(start)} – ${ukDay(end)}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${ukDay(end)}`;
  return `${a.day}–${ukDay(end)}`;
}

/** A YYYY-MM-DD that names a real day (Date.parse takes 30 February for 1 March). */
function isCalendarDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}
