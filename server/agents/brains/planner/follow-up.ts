import { resolveDateRange } from '../../../../lib/relative-dates.ts';
import { outcomesIn, type OutcomeChange } from '../../../../lib/nl/index.ts';
import type { PlannerRequest } from './request.ts';

/**
 * Follow-ups: a message that is not a request of its own but refers to the one before — "the same
 * for June", "now for Priya", "re-run that for the whole team", "what about last month?", "also
 * check sentiment". It becomes a new request of the previous kind with what the message changes:
 * its period when it names one, its words appended (people, teams and products are read from the
 * newest words that name any), its outcome changes merged. Recognised by a referring phrase, or by
 * a short message (≤ 8 words) that names a period or an outcome change and nothing else to do.
 *
 * "Scale it to all of them" / "the whole set" / "every call" is not a new request: it is the
 * Planner's own scale offer taken up (SCALE_WORDS), handled where that offer is.
 */
const REFERS_BACK = new RegExp(
  [
    String.raw`\b(?:the\s+)?same\b`,
    String.raw`\bagain\b`,
    String.raw`\bre-?run\b`,
    String.raw`\bredo\b`,
    String.raw`\bnow\s+(?:for|with|do)\b`,
    String.raw`\b(?:what|how)\s+about\b`,
    String.raw`\band\s+(?:for|with)\b`,
    String.raw`\balso\s+(?:for|do|run|check)\b`,
    String.raw`\binstead\b`,
    String.raw`\bdo\s+(?:that|it|this)\s+for\b`,
    String.raw`\b(?:that|this|it)\s+for\b`,
  ].join('|'),
  'i',
);
export const SCALE_WORDS = /\bscale\b|\ball\s+(?:of\s+)?(?:them|the\s+calls|calls)\b|\bwhole\s+set\b|\bevery\s+call\b|\bthe\s+rest\b/i;

const changesOutcomes = (o: OutcomeChange) => o.add.length > 0 || o.remove.length > 0 || o.only !== null;

export function mergeOutcomes(a: OutcomeChange, b: OutcomeChange): OutcomeChange {
  if (b.only) return { add: [], remove: [], only: b.only };
  const add = [...new Set([...a.add.filter((x) => !b.remove.includes(x)), ...b.add])];
  const remove = [...new Set([...a.remove.filter((x) => !b.add.includes(x)), ...b.remove])];
  const only = a.only ? [...new Set([...a.only.filter((x) => !b.remove.includes(x)), ...b.add])] : null;
  return { add: only ? [] : add, remove: only ? [] : remove, only };
}

/** The request a follow-up makes of `previous`, or null when the message is not a follow-up. */
export function followUp(text: string, previous: PlannerRequest, today: Date): PlannerRequest | null {
  const range = resolveDateRange(text, today);
  const outcomes = outcomesIn(text);
  const short = text.trim().split(/\s+/).length <= 8;
  if (!REFERS_BACK.test(text) && !(short && (range || changesOutcomes(outcomes)))) return null;
  if (previous.kind === 'explain_call') return null;
  return {
    ...previous,
    range: range ?? previous.range,
    texts: [...previous.texts, text],
    outcomes: mergeOutcomes(previous.outcomes, outcomes),
  };
}
