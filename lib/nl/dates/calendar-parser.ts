/**
 * Calendar dates in free text, read by chrono-node's en-GB parser (day first: "01/07/2024" is
 * 1 July 2024): "3 July", "1st July", "July 1", "2024-07-01", "01/07/2024", "June", "June 2024",
 * "1-7 July". Only chrono's calendar-date parsers are used. Its time parsers are dropped ("from 3
 * July" must not become 03:00), as are its relative and casual readings (periods.ts reads those
 * with this module's own week/month rules) and its range merging, which silently swaps a
 * reversed range: ranges are assembled in ranges.ts, which reports the reversal instead.
 *
 * Which parsers and refiners are which is found by probing each on sample phrases, not by class
 * name: class names do not survive a browser bundle's minifier.
 */
import { Chrono, en, type ParsedResult, type Parser, type Refiner } from 'chrono-node';
import { day, monthEnd, yearOf, type Period } from './calendar.ts';
import { MONTH } from './months.ts';
import { mostRecent, soFar, type Span } from './span.ts';

const PROBE_DAY = new Date(Date.UTC(2024, 0, 10, 12));
/** What a calendar-date parser must not read: times, relative and casual words, weekdays. */
const NOT_CALENDAR = [
  'at 7pm',
  'from 3 to 5',
  '10:30',
  'noon',
  'today',
  'tonight',
  'now',
  'last week',
  'next month',
  'this year',
  'in 2 days',
  '2 weeks ago',
  'within 3 days',
  '3 days later',
  'Monday',
  'on Friday',
  'end of the month',
];
const readsOnlyCalendar = (parser: Parser) =>
  NOT_CALENDAR.every((t) => new Chrono({ parsers: [parser], refiners: [] }).parse(t, PROBE_DAY).length === 0);

/** chrono's en-GB casual configuration, less the parsers that read anything but calendar dates. */
const GB = en.configuration.createCasualConfiguration(true);
const PARSERS = GB.parsers.filter(readsOnlyCalendar);
/** A refiner that joins "1 July to 7 July" into one result is a range merger: dropped (see above). */
const mergesRanges = (refiner: Refiner) =>
  new Chrono({ parsers: PARSERS, refiners: [refiner] }).parse('1 July to 7 July', PROBE_DAY).some((r) => r.end);
/**
 * chrono drops a bare "May" unless "in" comes before it ("from May", "since May" are lost); which
 * words make a bare "May" a month is decided here instead (WORD_MONTHS, BEFORE_MONTH below).
 */
const dropsBareMay = (refiner: Refiner) => new Chrono({ parsers: PARSERS, refiners: [refiner] }).parse('since May', PROBE_DAY).length === 0;
const CALENDAR = new Chrono({ parsers: PARSERS, refiners: GB.refiners.filter((r) => !mergesRanges(r) && !dropsBareMay(r)) });

/** Month words that are also common English words: "may I ask", "march them in". */
const WORD_MONTHS = /^(?:may|march)$/i;
/** Words after which a bare "May"/"March" is a month ("in May", "since March", "between May and June", "what about may?"). */
const BEFORE_MONTH = new RegExp(
  String.raw`\b(?:in|for|during|of|since|from|until|till|to|between|and|through|over|throughout|across|last|this|early|mid|late|the|about)\s+$`,
  'i',
);
/**
 * ...or, written with a capital, last in the message ("Siobhan Ní Bhriain, March", "Priya Shah's
 * calls: May, please"), or as the whole message (the answer to "which period?"). A capital May
 * with more after it, or just after a capitalised word, stays a word or a name ("May I ask…",
 * "Priya, May and Tom", "Theresa May").
 */
const AT_END = /^[\s.?!]*(?:,?\s*(?:please|thanks|thank\s+you)[\s.?!]*)?$/i;
/** A capital word just before, with no pause: "Theresa May" is a name. */
const AFTER_NAME = /(?:^|\s)\p{Lu}[\p{L}'’-]*\s+$/u;
const namedMonth = (said: string, before: string, after: string) =>
  AT_END.test(after) && (before.trim() === '' || (/^[A-Z]/.test(said) && !AFTER_NAME.test(before)));
/** ...or before a range to another month ("May–June", "May to July"). */
const BEFORE_OTHER_MONTH = new RegExp(String.raw`^\s*(?:-|–|—|to|until|till|through)\s*${MONTH}(?!\w)`, 'i');
/** Idioms that look like dates. */
const NOT_DATES = /^(?:24\/7|9\/11|50\/50)$/;
/** A day and month in digits without a year ("3/5") is a date only after a date word ("on 3/5"), not a score. */
const DIGITS_ONLY = /^\d{1,2}[/.]\d{1,2}$/;
const BEFORE_DIGITS = /\b(?:on|from|since|between|and|to|until|till|through|for|dated?)\s+$/i;
/**
 * "01/07/2024-07/07/2024": chrono reads "2024-07" as a year and month; an en dash (same length, so
 * offsets hold) between a year and the next date keeps the two dates apart.
 */
const apart = (text: string) => text.replace(/(?<=\d{4})-(?=\d{1,2}[/.])/g, '–');

/** One calendar date or month read from the words; day null for a whole month, year null when not said. */
interface DatePart {
  year: number | null;
  month: number;
  day: number | null;
}

const partOf = (c: ParsedResult['start']): DatePart | null => {
  const month = c.get('month');
  if (!c.isCertain('month') || !month) return null;
  return { year: c.isCertain('year') ? c.get('year') : null, month, day: c.isCertain('day') ? c.get('day') : null };
};
const periodOf = (p: DatePart, year: number): Period =>
  p.day === null
    ? { start: day(year, p.month, 1), end: monthEnd(year, p.month) }
    : { start: day(year, p.month, p.day), end: day(year, p.month, p.day) };

/**
 * The period from part `a` to part `b` (the same part for a single date) in `year` when the words
 * name none. Words that run backwards ("7-1 July") give the period in order and `reversed`. A
 * month at the end that is in progress ends today; a day the user typed is kept.
 */
function periodFrom(a: DatePart, b: DatePart, year: number, today: Date): { period: Period; reversed: boolean } {
  const pa = periodOf(a, a.year ?? b.year ?? year);
  const pb = periodOf(b, b.year ?? a.year ?? year);
  const reversed = pb.end < pa.start;
  const [first, last, lastPart] = reversed ? [pb, pa, a] : [pa, pb, b];
  const period = { start: first.start, end: last.end };
  return { period: lastPart.day === null ? soFar(period, today) : period, reversed };
}

/** Every calendar date, month or "1-7 July" range in the text, with where its words are. */
export function calendarSpans(text: string, today: Date): Span[] {
  const out: Span[] = [];
  for (const r of CALENDAR.parse(apart(text), new Date(today.getTime() + 12 * 3_600_000))) {
    const a = partOf(r.start);
    const b = r.end ? partOf(r.end) : a;
    if (!a || !b || NOT_DATES.test(r.text.trim())) continue;
    // chrono's words may start with a preposition ("on 3 July"); the span is the date itself.
    const skip = /^(?:(?:on|in|at|for|of|the)\s+)*/i.exec(r.text)![0].length;
    const from = r.index + skip;
    const said = r.text.slice(skip).trim();
    const before = text.slice(0, from);
    const monthWord = a.day === null && a.year === null && WORD_MONTHS.test(said);
    const after = text.slice(r.index + r.text.length);
    if (monthWord && !BEFORE_MONTH.test(before) && !BEFORE_OTHER_MONTH.test(after) && !namedMonth(said, before, after)) continue;
    if (DIGITS_ONLY.test(said) && !BEFORE_DIGITS.test(before)) continue;
    const yearless = a.year === null && b.year === null;
    const inYear = (year: number) => periodFrom(a, b, year, today).period;
    const { period, reversed } = periodFrom(a, b, yearless ? yearOf(mostRecent(inYear, today).start) : (a.year ?? b.year!), today);
    out.push({
      from,
      to: r.index + r.text.length,
      period,
      ...(yearless ? { inYear } : {}),
      ...(reversed ? { reversed } : {}),
      ...(r.end ? { range: true } : { lead: a.day === null ? 'in' : 'on' }),
      ...(!r.end && a.day !== null ? { oneDay: true } : {}),
    });
  }
  return out;
}
