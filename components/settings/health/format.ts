import { msText } from '@/lib/duration-text';
import { londonDay, ukDateTime, ukTime } from '@/lib/uk-time';

const MB = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** 1536 → "1.5 KB", 73400320 → "70 MB" (binary units, as Redis and PostgreSQL count). */
export function bytesText(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—';
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u === 0 ? v : MB.format(v)} ${units[u]}`;
}

/** 75 → "1 min 15 s", 0 → "0 s": an age in whole seconds as the console writes durations. */
export const secondsText = (s: number | null | undefined) => (s === null || s === undefined ? '—' : s < 1 ? '0 s' : msText(s * 1000));

/**
 * An instant as an operator reads it on this page: London time, with the date when it is not
 * today in London ("14:03:12", "27 Nov 2026, 09:00").
 */
export function whenText(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '—';
  return londonDay(iso) === londonDay(now.toISOString()) ? ukTime(iso) : ukDateTime(iso);
}
