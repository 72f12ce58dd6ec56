/**
 * Date ranges from the words people use in a request, resolved against a given `today` (the
 * console's clock, DCF_CLOCK, which the demo pins to the dataset's dates): "last week", "the past
 * two weeks", "in June", "June 2024", "first week of July", "between July 1 and July 7", "1-7 July",
 * "since the start of the month", "yesterday", "2024-07-01", "01/07/2024" (UK order: 1 July).
 *
 * Contract:
 * - "today" is the Europe/London calendar day of the `today` instant; dates are calendar days.
 * - Weeks run Monday–Sunday (ISO 8601). "last week" is the previous ISO week; "the last N
 *   days/weeks" are rolling and end today (lib/nl/dates/periods.ts has every reading).
 * - A month, quarter or week of a month said without a year is the most recent one that has
 *   begun ("in June" on 10 July 2024 is June 2024; "in August" is August 2023). A named period in
 *   progress ends today; an end day the user typed is kept even after today (callers decide).
 * - A single day ("on 3 July") is a one-day range.
 * - Words that put the end before the start ("between July 7 and July 1") are never silently
 *   swapped: the range comes back in order with `reversed: true`, for the caller to ask.
 * - `future: true` when the range starts after today.
 * - null when the text names no date. "may I" and "march" the verb are not months.
 * - `phrase` is the words the range was read from, as the Planner can say them back after "calls":
 *   relative words as written ("last week", "past 3 days", "since the start of the month", "from
 *   1 July to 7 July"); a calendar name with the preposition that makes it a period, whichever
 *   the user wrote ("for June" → "in June", "3 July" → "on 3 July", "in the first week of July").
 */
import { isoDay, londonToday } from './nl/dates/calendar.ts';
import { bareDaySpans } from './nl/dates/bare-days.ts';
import { calendarSpans } from './nl/dates/calendar-parser.ts';
import { relativeSpans } from './nl/dates/periods.ts';
import { bestReading } from './nl/dates/ranges.ts';

export interface DateRange {
  start_date: string;
  end_date: string;
  /** The words the range was read from, for the Planner to repeat back. */
  phrase: string;
  /** The words put the end before the start; start_date ≤ end_date all the same. */
  reversed?: true;
  /** The range starts after today. */
  future?: true;
}

export function resolveDateRange(text: string, today: Date): DateRange | null {
  if (!(today instanceof Date) || Number.isNaN(today.getTime())) throw new RangeError('resolveDateRange: today must be a valid Date');
  const day = londonToday(today);
  const calendar = calendarSpans(text, day);
  const spans = [...relativeSpans(text, day), ...calendar, ...bareDaySpans(text, calendar)];
  const best = bestReading(text, spans, day);
  if (!best) return null;
  return {
    start_date: isoDay(best.period.start),
    end_date: isoDay(best.period.end),
    // Without the punctuation the span may end on ("in june, tom or priya?"): the phrase is said back mid-sentence.
    phrase: [
      best.lead,
      text
        .slice(best.from, best.to)
        .trim()
        .replace(/[\s,;:.!?]+$/, ''),
    ]
      .filter(Boolean)
      .join(' '),
    ...(best.reversed ? { reversed: true as const } : {}),
    ...(best.period.start > day ? { future: true as const } : {}),
  };
}

/** "today" for the console: the pinned clock when configured (ISO date or date-time), else the real one. */
export function clockToday(pinned: string | undefined, real: Date = new Date()): Date {
  return pinned ? new Date(pinned.length === 10 ? `${pinned}T00:00:00Z` : pinned) : real;
}
