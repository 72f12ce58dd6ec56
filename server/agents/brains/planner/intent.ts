import { readConfirmation } from '../../../../lib/nl/index.ts';
import { clockToday, type DateRange } from '../../../../lib/relative-dates.ts';
import type { MemoryBlock } from '../../platform/agent-platform.ts';

/**
 * Small readings shared by the Planner and the Conductor: "today" from the clock block, the
 * advisors a Conductor request names (advisorsIn), the answer to a yes/no question (readReply,
 * on lib/nl/confirmation.ts) and how a period is said back. The Planner's requests are in
 * request.ts; the people and products it names are resolved against the CRM in resolve.ts.
 */
/** "today" for relative dates: the `clock` core-memory block (set by the chat host from DCF_CLOCK), else the real clock. */
export function todayFrom(blocks: MemoryBlock[], real: Date = new Date()): Date {
  const clock = blocks.find((b) => b.label === 'clock')?.value ?? '';
  const iso = clock.match(/\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/)?.[0];
  const d = iso ? clockToday(iso, real) : real;
  return Number.isNaN(d.getTime()) ? real : d;
}

const NOT_A_NAME = new Set([
  'Hi', 'Hello', 'Hey', 'Please', 'Can', 'Could', 'Thanks', 'Thank', 'Yes', 'No', 'The', 'This', 'That', 'I', 'We', 'QA', 'HELOC', 'Selina', 'Finance',
  'Review', 'Check', 'Compare', 'Analyse', 'Analyze', 'Assess', 'Score', 'Audit', 'Evaluate', 'Tell', 'Show', 'Find', 'Look', 'Summarise', 'Summarize',
  'Which', 'Who', 'What', 'How', 'Did', 'Does', 'Do', 'Is', 'Are', 'And', 'Or', 'Consumer', 'Duty', 'FCA',
  'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
]);
const NAME = String.raw`[A-Z][a-z]+(?:['’-][A-Z]?[a-z]+)?`;
const FULL_NAME = String.raw`(${NAME}(?:\s+${NAME}){1,2})`;

const clean = (name: string) => name.trim().replace(/['’]s$/, '');
const plausible = (name: string) => !name.split(/\s+/).some((w) => NOT_A_NAME.has(w));

/**
 * Every advisor's full name a request names, in order, once each: "the calls of Alex Wong and
 * Priya Shah", "Tom Ellis's and Fatima Khan's calls". A run of capitalised words that starts with
 * a request word ("Compare Tom Ellis") keeps only the name.
 */
export function advisorsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(FULL_NAME, 'g'))) {
    const words = clean(m[1]!).split(/\s+/);
    for (let from = 0; from <= words.length - 2; from++) {
      const name = words.slice(from).join(' ');
      if (plausible(name)) {
        if (!out.includes(name)) out.push(name);
        break;
      }
    }
  }
  return out;
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

/** The range as the Planner repeats it: "last week (2024-07-01 to 2024-07-07)". */
export function describeRange(r: DateRange): string {
  return r.phrase.includes(r.start_date) ? `from ${r.start_date} to ${r.end_date}` : `${r.phrase} (${r.start_date} to ${r.end_date})`;
}
