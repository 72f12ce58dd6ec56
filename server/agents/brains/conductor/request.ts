import { resolveDateRange, type DateRange } from '../../../../lib/relative-dates.ts';
import { advisorsIn, readReply } from '../planner/intent.ts';
import { focusIn, type Focus } from './focus.ts';

/**
 * What a user's message to the Conductor asks for. A review names people (advisors), a period
 * and what to look at; the Conductor splits it into one task per advisor. Other messages ask how
 * the work is going, end the session, or are something it cannot do (it says what it can).
 */
export type ConductorRequest =
  | { kind: 'review'; subjects: string[]; range: DateRange | null; focus: Focus; query: string }
  | { kind: 'status' }
  | { kind: 'finish' }
  | { kind: 'thanks' }
  | { kind: 'other' };

const CALLS = /\b(?:calls?|conversations?|recordings?)\b/i;
const REVIEW = /\b(?:review|reviews|check|assess|analy[sz]e|analysis|evaluate|audit|score|quality|qa|coach\w*|compare|how (?:did|does|is|are))\b/i;
const STATUS = /\b(?:status|progress|how(?:'s| is) it going|how far|done yet|finished yet|any (?:news|results?)|still (?:running|working))\b/i;
const FINISH = /\b(?:finali[sz]e|close (?:the |this )?session|end (?:the |this )?session|we(?:'re| are) done|that'?s all|wrap (?:it )?up)\b/i;

export function readRequest(text: string, today: Date): ConductorRequest {
  const subjects = advisorsIn(text);
  if (subjects.length && (CALLS.test(text) || REVIEW.test(text))) {
    return { kind: 'review', subjects, range: resolveDateRange(text, today), focus: focusIn(text), query: text.trim() };
  }
  if (FINISH.test(text)) return { kind: 'finish' };
  if (STATUS.test(text)) return { kind: 'status' };
  if (/^\s*(?:thanks|thank you|cheers|great,? thanks)\b/i.test(text)) return { kind: 'thanks' };
  if (CALLS.test(text) && REVIEW.test(text)) return { kind: 'review', subjects: [], range: resolveDateRange(text, today), focus: focusIn(text), query: text.trim() };
  return { kind: 'other' };
}

/** How a message answers a yes/no question (the Planner's reading of replies). */
export const answerOf = (text: string) => readReply(text);
