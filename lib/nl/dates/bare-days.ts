/**
 * A day number alone at one end of a range borrows its month and year from the other end:
 * "between 1 and 7 July", "from the 1st to 7 July", "between July 1st and 7th". Only next to a
 * connector and a one-day span, so other numbers ("top 10", "score 60") are never days.
 */
import { day, monthEnd, monthOf, yearOf, type Period } from './calendar.ts';
import { type Span } from './span.ts';

const DAY_NUMBER = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const JOIN = String.raw`\s+(?:and|to|until|till|through|-|–)\s+(?:the\s+)?`;
/** "between 1 and " / "from the 1st to " before a span. */
const BEFORE = new RegExp(String.raw`\b(?:between|from)\s+(?:the\s+)?${DAY_NUMBER}${JOIN}$`, 'i');
/** " and 7th" / " to the 7th" after a span, not followed by more digits, a unit or a time. */
const AFTER = new RegExp(String.raw`^${JOIN}${DAY_NUMBER}\b(?!\s*(?:[/.:%]|am\b|pm\b|days?\b|weeks?\b|months?\b|of\b))`, 'i');

const borrow = (other: Span, n: number): Pick<Span, 'period' | 'inYear'> | null => {
  const y = yearOf(other.period.start);
  const m = monthOf(other.period.start);
  if (n < 1 || n > monthEnd(y, m).getUTCDate()) return null;
  const inYear = (year: number): Period => ({ start: day(year, m, n), end: day(year, m, n) });
  return { period: inYear(y), ...(other.inYear ? { inYear } : {}) };
};

/** Spans for day numbers that stand for a date in a range with a one-day span. */
export function bareDaySpans(text: string, spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of spans.filter((x) => x.oneDay)) {
    const before = BEFORE.exec(text.slice(0, s.from));
    if (before) {
      const number = /\d{1,2}(?:st|nd|rd|th)?/i.exec(before[0])!;
      const at = before.index + number.index;
      const read = borrow(s, Number(before[1]));
      if (read) out.push({ from: at, to: at + number[0].length, oneDay: true, ...read });
    }
    const after = AFTER.exec(text.slice(s.to));
    if (after) {
      const read = borrow(s, Number(after[1]));
      if (read) out.push({ from: s.to + after[0].search(/\d/), to: s.to + after[0].length, oneDay: true, ...read });
    }
  }
  return out;
}
