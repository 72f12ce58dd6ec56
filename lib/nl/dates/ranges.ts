/**
 * Joins date spans into the range a message names, and picks the one it means.
 * - "from X to Y", "between X and Y", "X to/until/through/- Y", "since X until Y": X's start to
 *   Y's end. "and" joins only after "between" ("June and July" alone is not a range).
 * - "since X", "from X onwards": X's start to today. "the week of X" / "w/c X": the Monday–Sunday week holding day X.
 * - A side said without a year takes the other side's year; when that puts the end before the
 *   start, a range across a year end ("20 December to 5 January") is tried, and kept when it lasts
 *   at most half a year. Otherwise the words run backwards ("between July 7 and July 1"): the range
 *   is returned in order with `reversed`, never silently swapped, so the caller can ask.
 * - Of several readings the longest words win (so "first week of July" beats "July" and
 *   "between July 1 and July 7" beats "July 1"); between equals, the first in the text.
 */
import { addDays, daysBetween, mondayOf, yearOf, type Period } from './calendar.ts';
import { type Span } from './span.ts';

export interface Reading {
  from: number;
  to: number;
  period: Period;
  reversed: boolean;
  /** Words to say before text.slice(from, to) so that it reads as a period ("in June", "on 3 July"). */
  lead?: string;
}

const CONNECTOR = /^\s*(?:to|until|till|through|thru|up\s+to|-|–|—|\.\.)\s*(?:the\s+)?$/i;
const AND = /^\s*and\s+(?:the\s+)?$/i;
const PREFIX = /\b(from|between|since)\s+(?:the\s+)?$/i;
/** "the week of 1 July", "week commencing 1 July", "w/c 1 July": the Monday–Sunday week holding that day. */
const WEEK_OF = /\b(?:the\s+)?(?:week\s+(?:of|commencing|beginning|starting)|w\/c)\s+(?:the\s+)?$/i;
/** "from June onwards": read as "since June". */
const ONWARDS = /^\s*(?:on(?:wards?)?|and\s+after)\b/i;
/** The longest a yearless range may last when read across a year end. */
const ACROSS_YEAR_END_MAX_DAYS = 183;

function join(left: Span, right: Span): { period: Period; reversed: boolean } {
  let l = left.period;
  let r = right.period;
  if (left.inYear && !right.inYear) l = left.inYear(yearOf(r.start));
  else if (right.inYear) r = right.inYear(yearOf(l.start));
  if (l.start > r.end) {
    const r2 = right.inYear?.(yearOf(l.start) + 1);
    const l2 = !r2 ? left.inYear?.(yearOf(r.start) - 1) : undefined;
    if (r2 && daysBetween(l.start, r2.end) <= ACROSS_YEAR_END_MAX_DAYS) r = r2;
    else if (l2 && daysBetween(l2.start, r.end) <= ACROSS_YEAR_END_MAX_DAYS) l = l2;
  }
  const backwards = l.start > r.end;
  return {
    period: backwards ? { start: r.start, end: l.end } : { start: l.start, end: r.end },
    reversed: backwards || !!left.reversed || !!right.reversed,
  };
}

/** Every reading of the spans: each alone, joined pairs and "since" forms. */
function readings(text: string, spans: Span[], today: Date): Reading[] {
  const width = (s: { from: number; to: number }) => s.to - s.from;
  const kept = spans
    .filter((s) => !spans.some((o) => o.from <= s.from && s.to <= o.to && width(o) > width(s)))
    .sort((a, b) => a.from - b.from || b.to - a.to);
  const out: Reading[] = [];
  kept.forEach((left, i) => {
    const before = text.slice(0, left.from);
    const prefix = PREFIX.exec(before);
    const word = prefix?.[1]!.toLowerCase();
    const alone = { to: left.to, period: left.period, reversed: !!left.reversed };
    const ownPrefix = left.range && prefix && word !== 'since';
    out.push({ from: ownPrefix ? prefix.index : left.from, ...alone, ...(left.lead && !ownPrefix ? { lead: left.lead } : {}) });
    const weekOf = left.oneDay ? WEEK_OF.exec(before) : null;
    if (weekOf) {
      const monday = mondayOf(left.period.start);
      const lead = /^the\b/i.test(weekOf[0]) ? { lead: 'in' } : {};
      out.push({ from: weekOf.index, to: left.to, period: { start: monday, end: addDays(monday, 6) }, reversed: false, ...lead });
    }
    const right = kept[i + 1];
    const between = right && right.from >= left.to ? text.slice(left.to, right.from) : null;
    if (right && between !== null && (CONNECTOR.test(between) || (AND.test(between) && word === 'between'))) {
      out.push({ from: prefix ? prefix.index : left.from, to: right.to, ...join(left, right) });
    } else if (word === 'from' && prefix && ONWARDS.test(text.slice(left.to))) {
      const start = left.period.start;
      const to = left.to + ONWARDS.exec(text.slice(left.to))![0].length;
      out.push({ ...alone, from: prefix.index, to, period: { start, end: start <= today ? today : left.period.end } });
    } else if (word === 'since' && prefix) {
      const start = left.period.start;
      out.push({ ...alone, from: prefix.index, period: { start, end: start <= today ? today : left.period.end } });
    }
  });
  return out;
}

/** The reading the text means (longest words, then the first), or null when it names no date. */
export function bestReading(text: string, spans: Span[], today: Date): Reading | null {
  let best: Reading | null = null;
  for (const r of readings(text, spans, today)) {
    if (!best || r.to - r.from > best.to - best.from || (r.to - r.from === best.to - best.from && r.from < best.from)) best = r;
  }
  return best;
}
