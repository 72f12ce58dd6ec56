/**
 * Date ranges from the words people use in a request ("last week", "since the start of the
 * month", "from 2024-07-01 to 2024-07-07"), resolved against a given `today` (the console's
 * clock, DCF_CLOCK, which the demo pins to the dataset's dates). Calendar dates only, in UTC;
 * weeks run Monday–Sunday (ISO 8601). Returns null when the text names no range.
 */
export interface DateRange {
  start_date: string;
  end_date: string;
  /** The words the range was read from, for the Planner to repeat back. */
  phrase: string;
}

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);
/** Monday of the ISO week holding `d`. */
const monday = (d: Date) => addDays(d, -((d.getUTCDay() + 6) % 7));
const range = (start: Date, end: Date, phrase: string): DateRange => ({ start_date: iso(start), end_date: iso(end), phrase });

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, ten: 10, fourteen: 14, thirty: 30 };

export function resolveDateRange(text: string, today: Date): DateRange | null {
  const t = text.toLowerCase();
  const now = utcDay(today);

  const explicit = t.match(/(?:from|between)\s+(\d{4}-\d{2}-\d{2})\s+(?:to|and|until|through|-)\s+(\d{4}-\d{2}-\d{2})/) ?? t.match(/(\d{4}-\d{2}-\d{2})\s*(?:\.\.|–|—|to)\s*(\d{4}-\d{2}-\d{2})/);
  if (explicit) {
    const [a, b] = [explicit[1]!, explicit[2]!].sort();
    return { start_date: a!, end_date: b!, phrase: explicit[0] };
  }
  const since = t.match(/since\s+(\d{4}-\d{2}-\d{2})/);
  if (since) return { start_date: since[1]!, end_date: iso(now), phrase: since[0] };

  const m = (re: RegExp) => t.match(re)?.[0];
  let p: string | undefined;
  if ((p = m(/\blast\s+week\b|\bprevious\s+week\b|\bpast\s+week\b/))) {
    const start = addDays(monday(now), -7);
    return range(start, addDays(start, 6), p);
  }
  if ((p = m(/\bthis\s+week\b|\bsince\s+(?:the\s+)?start\s+of\s+(?:the|this)\s+week\b/))) return range(monday(now), now, p);
  if ((p = m(/\blast\s+month\b|\bprevious\s+month\b/))) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    return range(start, addDays(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), -1), p);
  }
  if ((p = m(/\bsince\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:the|this)\s+month\b|\bthis\s+month\b|\bmonth\s+to\s+date\b/))) {
    return range(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), now, p);
  }
  const days = t.match(/\b(?:last|past)\s+(\d+|[a-z]+)\s+days\b/);
  if (days) {
    const n = /^\d+$/.test(days[1]!) ? Number(days[1]) : NUMBER_WORDS[days[1]!];
    if (n && n > 0) return range(addDays(now, -(n - 1)), now, days[0]);
  }
  if ((p = m(/\byesterday\b/))) return range(addDays(now, -1), addDays(now, -1), p);
  if ((p = m(/\btoday\b/))) return range(now, now, p);
  return null;
}

/** "today" for the console: the pinned clock when configured (ISO date or date-time), else the real one. */
export function clockToday(pinned: string | undefined, real: Date = new Date()): Date {
  return pinned ? new Date(pinned.length === 10 ? `${pinned}T00:00:00Z` : pinned) : real;
}
