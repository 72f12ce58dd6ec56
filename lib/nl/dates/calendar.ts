/**
 * Calendar days for the date reader: a day is a Date at UTC midnight, so arithmetic never meets a
 * clock change. "Today" is the Europe/London calendar day of an instant (a user in London at
 * 00:30 BST on Monday means Monday, although UTC still says Sunday). Weeks run Monday–Sunday
 * (ISO 8601). Pure.
 */
import { londonDay } from '../../uk-time.ts';

const DAY_MS = 86_400_000;

export const day = (year: number, month: number, date: number): Date => new Date(Date.UTC(year, month - 1, date));
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
export const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * DAY_MS);
export const daysBetween = (a: Date, b: Date): number => Math.round((b.getTime() - a.getTime()) / DAY_MS);
export const yearOf = (d: Date): number => d.getUTCFullYear();
/** 1–12. */
export const monthOf = (d: Date): number => d.getUTCMonth() + 1;

/** Monday of the ISO week holding `d`. */
export const mondayOf = (d: Date): Date => addDays(d, -((d.getUTCDay() + 6) % 7));
export const monthStart = (year: number, month: number): Date => day(year, month, 1);
/** The last day of a month (Date.UTC rolls month 13 and day 0 over correctly). */
export const monthEnd = (year: number, month: number): Date => new Date(Date.UTC(year, month, 0));
/** `d` moved by whole months, the day of the month clamped to the target month (31 Mar − 1 month = 29 Feb). */
export function addMonths(d: Date, n: number): Date {
  const target = new Date(Date.UTC(yearOf(d), d.getUTCMonth() + n, 1));
  const last = monthEnd(yearOf(target), monthOf(target)).getUTCDate();
  return day(yearOf(target), monthOf(target), Math.min(d.getUTCDate(), last));
}
/** The first month (1, 4, 7, 10) of the quarter holding `month`. */
export const quarterFirstMonth = (month: number): number => month - ((month - 1) % 3);

/** The London calendar day of an instant, as a calendar day. */
export function londonToday(instant: Date): Date {
  const [y, m, d] = londonDay(instant.toISOString()).split('-').map(Number);
  return day(y!, m!, d!);
}

/** A period of whole days, start ≤ end. */
export interface Period {
  start: Date;
  end: Date;
}
