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
 * The range as the Planner and the Conductor repeat it, in en-GB (lib/uk-time.ts): the user's words
 * with the days they cover, "last week (1–7 Jul 2024)"; days the user typed as ISO are said
 * back as days, "from 1 Jul 2024 to 7 Jul 2024", "on 8 Jul 2024". ISO stays in tool arguments only.
 */
export function describeRange(r: DateRange): string {
  if (!r.phrase.includes(r.start_date)) return `${r.phrase.replace(ISO_DAY, (d) => ukDay(d))} (${ukDayRange(r.start_date, r.end_date)})`;
  return r.start_date === r.end_date ? `on ${ukDay(r.start_date)}` : `from ${ukDay(r.start_date)} to ${ukDay(r.end_date)}`;
}

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;
