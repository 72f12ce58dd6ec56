import { resolveDateRange, type DateRange } from '../../../../lib/relative-dates.ts';
import { matchPeople, type DirectoryEntry, type PersonMatch } from '../../../../lib/nl/index.ts';
import { readWorkAsk } from '../../../../lib/nl/request-reader.ts';
import { readReply } from '../planner/intent.ts';
import { focusIn, type Focus } from './focus.ts';

/**
 * What a user's message to the Conductor asks for, read with the Planner's language front end
 * (lib/nl): the everyday words of QA work (request-reader.ts) and the people and teams it names,
 * resolved against the CRM's directory (list_advisors, fetched by the brain each turn; people.ts:
 * exact, first name, team, everyone — particles, hyphens, diacritics and any case included). A
 * review names advisors, a period and what to look at; the Conductor splits it into one task per
 * advisor. A name it cannot resolve (a typo, several advisors, nobody) is `unresolved`: asked
 * about, never dropped. Other messages ask how the work is going, end the session, or are
 * something it cannot do (it says what it can).
 */
export type ConductorRequest =
  | { kind: 'review'; subjects: string[]; unresolved: PersonMatch[]; range: DateRange | null; focus: Focus; query: string }
  | { kind: 'status' }
  | { kind: 'finish' }
  | { kind: 'thanks' }
  | { kind: 'other' };

const STATUS =
  /\b(?:status|progress|how(?:'s| is) it going|how far|done yet|finished yet|any (?:news|results?)|still (?:running|working))\b/i;
const FINISH =
  /\b(?:finali[sz]e|close (?:the |this )?session|end (?:the |this )?session|we(?:'re| are) done|that'?s all|wrap (?:it )?up)\b/i;
const THANKS = /^\s*(?:thanks|thank you|cheers|great,? thanks)\b/i;
/** "compare X and Y": a comparison of advisors is a review of each. */
const COMPARE = /\b(?:compare|comparison|versus|vs)\b/i;

/** The advisors a message names (a team's members, everyone), and the names it could not resolve. */
export function subjectsIn(text: string, directory: DirectoryEntry[]): { subjects: string[]; unresolved: PersonMatch[] } {
  const found = matchPeople(text, directory);
  const named = found.people.filter((p) => p.status === 'exact' || p.status === 'first_name').map((p) => p.name!);
  const members = found.teams.flatMap((t) => directory.filter((a) => a.team === t).map((a) => a.name));
  const everyone = found.everyone ? directory.map((a) => a.name) : [];
  const unresolved = found.people.filter((p) => p.status !== 'exact' && p.status !== 'first_name');
  return { subjects: [...new Set([...named, ...members, ...everyone])], unresolved };
}

/** Whether a message is the Conductor's to answer without the directory (status, finish, thanks). */
export function conversational(text: string, today: Date): 'status' | 'finish' | 'thanks' | null {
  if (readWorkAsk(text, today)?.strength === 'asked') return null;
  return FINISH.test(text) ? 'finish' : STATUS.test(text) ? 'status' : THANKS.test(text) ? 'thanks' : null;
}

export function readRequest(text: string, today: Date, directory: DirectoryEntry[]): ConductorRequest {
  const work = readWorkAsk(text, today);
  const { subjects, unresolved } = subjectsIn(text, directory);
  const named = subjects.length > 0 || unresolved.length > 0;
  const range = work?.period ?? resolveDateRange(text, today);
  const plain = conversational(text, today);
  // Work on calls or on someone named, a comparison of people — or, unless it is small talk, anyone or any period named:
  // a message that names a person or a period gets the work or a question about it, never the help text.
  if ((work && (named || work.calls)) || (named && COMPARE.test(text)) || (!plain && (named || range))) {
    return { kind: 'review', subjects, unresolved, range, focus: focusIn(text), query: text.trim() };
  }
  return plain ? { kind: plain } : { kind: 'other' };
}

/** The start of the Conductor's question before a review nobody asked for in words of work (how its answer is recognised). */
export const ASK_CONFIRM = 'Shall I have the Companions review';

/**
 * Whether a review's words ask for work: a work word or calls (lib/nl's request reader) or a
 * comparison of people. A message that only names people and a period ("Priya Shah, last week")
 * asks for nothing yet: the Conductor confirms before it delegates anything (conductor-brain.ts).
 */
export function workAsked(query: string, today: Date): boolean {
  return readWorkAsk(query, today) !== null || COMPARE.test(query);
}

/** How a message answers a yes/no question (the Planner's reading of replies). */
export const answerOf = (text: string) => readReply(text);
