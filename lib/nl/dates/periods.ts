/**
 * Periods named relative to today ("last week", "the past two weeks", "since the start of the
 * month", "Q3 2024", "first week of July"). Chosen readings, applied consistently:
 * - "last/previous/past week" is the ISO week (Mon–Sun) before this one; "this week" is this
 *   week's Monday to today. The same for month, quarter and year: "last month" is the previous
 *   calendar month; "this month" runs from the 1st to today.
 * - "the last/past N days|weeks|months" (and "the last fortnight") are rolling: the N days, N×7
 *   days or N months that end today, today included. So "last two weeks" on Wednesday 10 July
 *   2024 is 27 June–10 July, not the two full ISO weeks before this one.
 * - "first/second/third/fourth week of <month>" is days 1–7, 8–14, 15–21, 22–28 of the month,
 *   whatever their weekdays; "the last week of <month>" is its last seven days. A month without a
 *   year is the most recent one that has begun; a named period in progress ends today.
 * - "next week", "next month", "tomorrow" are read too: the caller sees `future`.
 */
import { addDays, addMonths, day, monthEnd, monthOf, monthStart, mondayOf, quarterFirstMonth, yearOf, type Period } from './calendar.ts';
import { MONTH, monthNumber } from './months.ts';
import { COUNT, countOf } from './number-words.ts';
import { mostRecent, soFar, type Span } from './span.ts';

type Rule = {
  re: RegExp;
  read: (m: RegExpExecArray, today: Date) => Omit<Span, 'from' | 'to'> | null;
  /** How the words are said back as a period ("Q3 2024" → "in Q3 2024"); relative words need none. */
  lead?: Span['lead'];
};

const LAST = String.raw`(?:last|previous|past|prior)`;
const THIS = String.raw`(?:this|current)`;
const fixed = (start: Date, end: Date) => ({ period: { start, end } });
const quarter = (year: number, q: number): Period => {
  const first = (q - 1) * 3 + 1;
  return { start: monthStart(year, first), end: monthEnd(year, first + 2) };
};
const WEEK_INDEX: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3 };
const startOf = (unit: string, today: Date): Date => {
  if (unit === 'week') return mondayOf(today);
  if (unit === 'month') return monthStart(yearOf(today), monthOf(today));
  if (unit === 'quarter') return monthStart(yearOf(today), quarterFirstMonth(monthOf(today)));
  return day(yearOf(today), 1, 1);
};
/** A period named by words without a year: the most recent one begun, cut to today while in progress. */
const yearless = (inYear: (year: number) => Period, today: Date) => {
  const cut = (year: number) => soFar(inYear(year), today);
  return { period: mostRecent(cut, today), inYear: cut };
};

const RULES: Rule[] = [
  { re: new RegExp(String.raw`\b${LAST}\s+week\b`, 'gi'), read: (_, t) => fixed(addDays(mondayOf(t), -7), addDays(mondayOf(t), -1)) },
  { re: new RegExp(String.raw`\b${THIS}\s+week\b|\bweek\s+to\s+date\b`, 'gi'), read: (_, t) => fixed(mondayOf(t), t) },
  { re: /\bnext\s+week\b/gi, read: (_, t) => fixed(addDays(mondayOf(t), 7), addDays(mondayOf(t), 13)) },
  {
    re: new RegExp(String.raw`\b${LAST}\s+month\b`, 'gi'),
    read: (_, t) => fixed(addMonths(startOf('month', t), -1), addDays(startOf('month', t), -1)),
  },
  { re: new RegExp(String.raw`\b${THIS}\s+month\b|\bmonth\s+to\s+date\b`, 'gi'), read: (_, t) => fixed(startOf('month', t), t) },
  {
    re: /\bnext\s+month\b/gi,
    read: (_, t) => fixed(addMonths(startOf('month', t), 1), addDays(addMonths(startOf('month', t), 2), -1)),
  },
  {
    re: new RegExp(String.raw`\b${LAST}\s+quarter\b`, 'gi'),
    read: (_, t) => fixed(addMonths(startOf('quarter', t), -3), addDays(startOf('quarter', t), -1)),
  },
  { re: new RegExp(String.raw`\b${THIS}\s+quarter\b|\bquarter\s+to\s+date\b`, 'gi'), read: (_, t) => fixed(startOf('quarter', t), t) },
  {
    re: new RegExp(String.raw`\b${LAST}\s+year\b`, 'gi'),
    read: (_, t) => fixed(day(yearOf(t) - 1, 1, 1), day(yearOf(t) - 1, 12, 31)),
  },
  { re: new RegExp(String.raw`\b${THIS}\s+year\b|\byear\s+to\s+date\b`, 'gi'), read: (_, t) => fixed(startOf('year', t), t) },
  {
    re: /\bsince\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:the\s+|this\s+)?(week|month|quarter|year)\b/gi,
    read: (m, t) => fixed(startOf(m[1]!.toLowerCase(), t), t),
  },
  {
    re: new RegExp(String.raw`\b${LAST}\s+(${COUNT})\s+(days?|weeks?|months?)\b`, 'gi'),
    read: (m, t) => {
      const n = countOf(m[1]!);
      if (!n) return null;
      const unit = m[2]!.toLowerCase().replace(/s$/, '');
      if (unit === 'month') return fixed(addDays(addMonths(t, -n), 1), t);
      return fixed(addDays(t, -(n * (unit === 'week' ? 7 : 1) - 1)), t);
    },
  },
  { re: new RegExp(String.raw`\b${LAST}\s+fortnight\b`, 'gi'), read: (_, t) => fixed(addDays(t, -13), t) },
  {
    lead: 'in',
    re: /\bQ([1-4])(?:\s*(?:of\s+)?(\d{4}))?\b/gi,
    read: (m, t) => {
      const q = Number(m[1]);
      return m[2] ? { period: soFar(quarter(Number(m[2]), q), t) } : yearless((y) => quarter(y, q), t);
    },
  },
  {
    lead: 'in the',
    re: new RegExp(
      String.raw`\b(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\s+week\s+(?:of|in)\s+(${MONTH})(?:\s+(\d{4}))?(?!\w)`,
      'gi',
    ),
    read: (m, t) => {
      const month = monthNumber(m[2]!);
      const ordinal = m[1]!.toLowerCase();
      const inYear = (y: number): Period => {
        if (ordinal === 'last' || ordinal === 'final') return { start: addDays(monthEnd(y, month), -6), end: monthEnd(y, month) };
        const first = 1 + 7 * (WEEK_INDEX[ordinal] ?? 0);
        return { start: day(y, month, first), end: day(y, month, first + 6) };
      };
      return m[3] ? { period: soFar(inYear(Number(m[3])), t) } : yearless(inYear, t);
    },
  },
  {
    lead: 'in',
    re: /(?<=\b(?:in|during|throughout|for)\s+(?:the\s+year\s+)?)(?:19|20)\d{2}\b(?![/.-]\d)/gi,
    read: (m, t) => ({ period: soFar({ start: day(Number(m[0]), 1, 1), end: day(Number(m[0]), 12, 31) }, t) }),
  },
  { re: /\b(?:the\s+)?day\s+before\s+yesterday\b/gi, read: (_, t) => fixed(addDays(t, -2), addDays(t, -2)) },
  { re: /\byesterday\b/gi, read: (_, t) => fixed(addDays(t, -1), addDays(t, -1)) },
  { re: /\btoday\b/gi, read: (_, t) => fixed(t, t) },
  { re: /\btomorrow\b/gi, read: (_, t) => fixed(addDays(t, 1), addDays(t, 1)) },
];

/** Every relative period named in the text, with where its words are. */
export function relativeSpans(text: string, today: Date): Span[] {
  const out: Span[] = [];
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.re)) {
      const read = rule.read(m as RegExpExecArray, today);
      if (read) out.push({ from: m.index!, to: m.index! + m[0].length, ...read, ...(rule.lead ? { lead: rule.lead } : {}) });
    }
  }
  return out;
}
