import { ukExact } from '@/lib/uk-time';
/**
 * Dates, times and numbers of the Agents view as UK users read them: en-GB, in Europe/London
 * time (GMT or BST as the date falls), whatever the browser's or server's own zone. Pure.
 */
const ZONE = 'Europe/London';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const TIME = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

const valid = (iso: string) => !Number.isNaN(Date.parse(iso));

/** "8 Jul 2024, 10:00" (London time). */
export const dateTimeText = (iso: string) => (valid(iso) ? DATE_TIME.format(new Date(iso)) : iso);

/** "8 Jul 2024, 10:00:05 BST": the exact moment, for a tooltip. */
export const exactTimeText = (iso: string) => (valid(iso) ? ukExact(iso) : iso);

/** "10:00:05" (London time), for items of one turn. */
export const timeText = (iso: string) => (valid(iso) ? TIME.format(new Date(iso)) : iso);

/** "20,000". */
export const countText = (n: number) => n.toLocaleString('en-GB');

/** "1 agent", "3 agents". */
export const plural = (n: number, one: string, many = `${one}s`) => `${countText(n)} ${n === 1 ? one : many}`;
