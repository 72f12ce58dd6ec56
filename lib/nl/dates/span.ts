/**
 * A span: where in the text some date words are, and the period they name. Spans from the
 * relative-period rules and from the calendar parser are combined into ranges ("from … to …").
 */
import { type Period } from './calendar.ts';

export interface Span {
  /** Offsets of the words in the text: text.slice(from, to). */
  from: number;
  to: number;
  /** The period named; for words read without a year, in the most recent year in which it has begun. */
  period: Period;
  /** Only for words read without a year: the same words in another year (a range across a year end). */
  inYear?: (year: number) => Period;
  /** The words themselves put the end before the start ("7-1 July"); `period` is already in order. */
  reversed?: boolean;
  /** The words name a range by themselves ("1-7 July"), so "from"/"between" before them belong to them. */
  range?: boolean;
  /** The words name one day ("3 July"), which "between 1 and …" may borrow its month from. */
  oneDay?: boolean;
  /**
   * The words that make a calendar name read as a period in a sentence, whatever the user wrote
   * before it ("for June" is said back as "in June", "3 July" as "on 3 July").
   */
  lead?: 'in' | 'on' | 'in the';
}

/**
 * A named calendar period (a month, a quarter, a week of a month) that is in progress ends today:
 * "in July" on 10 July means 1–10 July. Days the user typed are never cut (see resolveDateRange).
 */
export function soFar(p: Period, today: Date): Period {
  return p.start <= today && today < p.end ? { start: p.start, end: today } : p;
}

/** The most recent year in which a period given by year has begun (this year, else last year). */
export function mostRecent(inYear: (year: number) => Period, today: Date): Period {
  const thisYear = inYear(today.getUTCFullYear());
  return thisYear.start <= today ? thisYear : inYear(today.getUTCFullYear() - 1);
}
