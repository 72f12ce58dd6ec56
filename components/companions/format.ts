/**
 * Times, durations and names as the Companions page and the chat's delegation cards say them:
 * dates in en-GB, clock times in Europe/London (the console's users are in the UK), durations
 * in words. Pure, tested.
 */
export const LONDON = 'Europe/London';

const FULL = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, hour: '2-digit', minute: '2-digit', second: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, day: 'numeric', month: 'short' });
const DAY_YEAR = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, day: 'numeric', month: 'short', year: 'numeric' });
const YMD = new Intl.DateTimeFormat('en-CA', { timeZone: LONDON, year: 'numeric', month: '2-digit', day: '2-digit' });

const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** "8 Jul 2024, 10:00:05" (London time); "—" for none. */
export function dateTime(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? FULL.format(d) : '—';
}

/** "10:00:05" (London time). */
export function clockTime(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? CLOCK.format(d) : '—';
}

/** "today 10:00:05", "yesterday 17:30:00", "3 Jul 09:12:44", "3 Jul 2023 09:12:44" — the London calendar day decides. */
export function dayTime(iso: string | null | undefined, now: number): string {
  const d = parse(iso);
  if (!d) return '—';
  const day = YMD.format(d);
  const today = YMD.format(new Date(now));
  const yesterday = YMD.format(new Date(now - 86_400_000));
  const label =
    day === today ? 'today' : day === yesterday ? 'yesterday' : day.slice(0, 4) === today.slice(0, 4) ? DAY.format(d) : DAY_YEAR.format(d);
  return `${label} ${CLOCK.format(d)}`;
}

const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "under a second", "42 seconds", "1 minute 5 seconds", "2 hours 3 minutes", "3 days 4 hours". */
export function durationWords(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 1) return 'under a second';
  const s = Math.round(seconds);
  if (s < 60) return unit(s, 'second');
  if (s < 3600) return [unit(Math.floor(s / 60), 'minute'), ...(s % 60 ? [unit(s % 60, 'second')] : [])].join(' ');
  if (s < 86_400)
    return [unit(Math.floor(s / 3600), 'hour'), ...(Math.floor((s % 3600) / 60) ? [unit(Math.floor((s % 3600) / 60), 'minute')] : [])].join(
      ' ',
    );
  return [
    unit(Math.floor(s / 86_400), 'day'),
    ...(Math.floor((s % 86_400) / 3600) ? [unit(Math.floor((s % 86_400) / 3600), 'hour')] : []),
  ].join(' ');
}

/** Seconds between two times (to `now` when `to` is null). */
export function secondsBetween(from: string, to: string | null, now: number): number {
  return Math.max(0, ((to ? Date.parse(to) : now) - Date.parse(from)) / 1000);
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", else the date. */
export function ago(iso: string | null | undefined, now: number): string {
  const d = parse(iso);
  if (!d) return '—';
  const s = Math.round((now - d.getTime()) / 1000);
  if (s < 45) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${unit(m, 'minute')} ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${unit(h, 'hour')} ago`;
  const days = Math.round(h / 24);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return DAY_YEAR.format(d);
}

/** "skill://whisper-transcribe@1.0.0" → "whisper-transcribe@1.0.0". */
export const skillName = (uri: string) => uri.replace(/^skill:\/\//, '');

/** "3 tasks", "1 task". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
