import { readConfirmation } from '../../../../lib/nl/index.ts';
import { clockToday, type DateRange } from '../../../../lib/relative-dates.ts';
import type { MemoryBlock } from '../../../contracts/agent-platform.ts';
import { ukDay, ukDayRange } from '../../../../lib/uk-time.ts';

/**
 * Small readings shared by the Planner and the Conductor: "today" from the clock block, the
 * answer to a yes/no question (readReply, on lib/nl/confirmation.ts) and how a period is said
 * back. The Planner's requests are in request.ts; the people and products it names are resolved
 * against the CRM in resolve.ts (the Conductor's, with the same lib/nl readers, in its request.ts).
 */
/** "today" for relative dates: the `clock` core-memory block (set by the chat host from DCF_CLOCK), else the real clock. */
export function todayFrom(blocks: MemoryBlock[], real: Date = new Date()): Date {
  const clock = blocks.find((b) => b.label === 'clock')?.value ?? '';
  const iso = clock.match(/\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/)?.[0];
  const d = iso ? clockToday(iso, real) : real;
  return Number.isNaN(d.getTime()) ? real : d;
}

/** How a message answers the Planner's last question. */
export interface Reply {
  yes: boolean;
  no: boolean;
  /** A "no" that also says to stop altogether (cancel, don't run anything). */
  stop: boolean;
  retry: boolean;
  /** Asks how a run is going / for its results. */
  status: boolean;
}

/** The answer to a yes/no question, from lib/nl's confirmation reader (negation and hesitation: "unsure" is neither). */
export function readReply(text: string): Reply {
  const c = readConfirmation(text);
  return { yes: c.answer === 'yes', no: c.answer === 'no', stop: c.stop, retry: c.retry, status: c.status };
}

/**
 * The range as the Planner and the Conductor repeat it, in en-GB (lib/uk-time.ts) and the only place
 * a period is put into words for the user: the user's words as the console writes them (periodWords:
 * "in june" → "in June") with the days they cover, "in June (1–30 Jun 2024)", "last week (1–7 Jul 2024)";
 * when those words already name the first day (typed as numbers: "2024-07-01", "01/07/2024") the days
 * alone, "from 1 Jul 2024 to 7 Jul 2024", "on 8 Jul 2024".
 * ISO stays in tool arguments only.
 */
export function describeRange(r: DateRange): string {
  const words = periodWords(r.phrase);
  if (!words.includes(ukDay(r.start_date))) return `${words} (${ukDayRange(r.start_date, r.end_date)})`;
  return r.start_date === r.end_date ? `on ${ukDay(r.start_date)}` : `from ${ukDay(r.start_date)} to ${ukDay(r.end_date)}`;
}

/**
 * The words a period was read from (lib/relative-dates.ts's `phrase`, as the user typed them) as the
 * console writes them: months and weekdays capitalised ("june" → "June", "sept" → "Sept"), quarters
 * upper-case ("q2" → "Q2"), a day after its month put first with no ordinal ("july 1st" → "1 July"),
 * a range's hyphen as an en dash ("1-7 july" → "1–7 July"), a day typed as numbers as a day ("01/07/2024" →
 * "1 Jul 2024"); relative words are kept ("last week").
 * Quote this, never `phrase` itself, wherever a reply says the user's period back.
 */
export function periodWords(phrase: string): string {
  return phrase
    .replace(ISO_DAY, (d) => ukDay(d))
    .replace(UK_DAY, (m, d: string, mo: string, y: string) => ukDay(`${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`))
    .replace(/\b([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?\b,?/gi, (m, w: string, d: string) => (MONTHS.has(w.toLowerCase()) ? `${d} ${w}` : m))
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/gi, '$1')
    .replace(/\b(\d{1,2})\s*-\s*(\d{1,2})\b/g, '$1–$2')
    .replace(/\bq([1-4])\b/gi, 'Q$1')
    .replace(/\b[a-z]+\b/gi, (w) => (CALENDAR_NAMES.has(w.toLowerCase()) ? w[0]!.toUpperCase() + w.slice(1).toLowerCase() : w));
}

/**
 * The period after a noun, "Tom's recordings …": periodWords with "for" before it unless its words
 * begin with a preposition of their own — "for last week", "for 1–5 July", but "in June", "from 1 Jul
 * 2024 to 7 Jul 2024", "between 1 July and 5 July" (seen in use: "recordings for in June").
 */
export function periodAfterNoun(phrase: string): string {
  const words = periodWords(phrase);
  return OWN_PREPOSITION.test(words) ? words : `for ${words}`;
}
const OWN_PREPOSITION = /^(in|on|from|during|between|over|for|since|until|up to|before|after|throughout|across|within)\b/i;

const MONTHS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);
const CALENDAR_NAMES = new Set([
  ...MONTHS,
  ...'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun'.split(' '),
]);
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;
/** A day typed in UK order with a full year, "01/07/2024" (lib/relative-dates.ts reads it so). */
const UK_DAY = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g;
