import { resolveDateRange, type DateRange } from '../../../../lib/relative-dates.ts';
import { BEST_SCORE, CALL_WORDS, hasWord, RANKING, WORST_SCORE, wordsOf } from './words.ts';

/**
 * Questions answered from the stored QA results that are not a plain ranking (issue 30), read
 * from the user's words without a language model. Kept apart from request.ts's gate: parseOnce
 * asks `readQuestion` once, before its ranking reader.
 *
 *   topic_rank    a superlative or ranking word + "on / at / for / with / when it comes to <topic>":
 *                 "who's weakest on disclosures?", "which team is worst on affordability?". The topic
 *                 is kept as said; its rules are found later in the rule data (analysis/topic-rules.ts).
 *   calls_ranked  a superlative + calls: "show me the three worst calls in June", "top 5 calls".
 *   compare       "compare" / "versus" / "vs" / "against": teams, advisors (resolved later against the
 *                 CRM) or, when two parts of the message name a period each, periods ("June vs July").
 *   failed_those  a question about the calls of the previous answer — "those", "them", "these" with a
 *                 failing word: "which of those failed a mandatory rule, and why?", "why did those fail?".
 *                 Which calls "those" are is read from the conversation (those-flow.ts), never from here.
 */
export type QuestionKind = 'compare' | 'topic_rank' | 'calls_ranked' | 'failed_those';

export interface QuestionAsk {
  kind: QuestionKind;
  /** compare: two or more periods, when the sides are periods; else null (the sides are people, read later). */
  periods?: DateRange[] | null;
  /** topic_rank: the topic as said ("disclosures", "consumer duty outcomes") and who is ranked. */
  topic?: { words: string; subject: 'advisors' | 'teams' };
  /** topic_rank and calls_ranked: worst first or best first. */
  order?: 'worst' | 'best';
  /** calls_ranked: how many calls (1 … MAX_CALLS). */
  count?: number;
  /** failed_those: only the mandatory rules ("failed a mandatory rule"), else every failed rule. */
  mandatory?: boolean;
}

export const MAX_CALLS = 20;
const NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  a: 1,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};
/** Words that say what is measured, not a topic: "worst on QA score" is a plain ranking. */
const GENERIC = new Set([
  'rule',
  'rules',
  'check',
  'checks',
  'requirement',
  'requirements',
  'outcome',
  'outcomes',
  'call',
  'calls',
  'score',
  'scores',
  'qa',
  'quality',
  'overall',
  'the',
  'our',
  'their',
  'its',
  'his',
  'her',
  'of',
  'and',
  'average',
  'mean',
  'results',
  'result',
  'team',
  'teams',
  'advisor',
  'advisors',
  'adviser',
  'advisers',
  'everyone',
  'performance',
  'compliance',
  'moment',
  'now',
  'present',
]);
const TOPIC_PHRASE = new RegExp(
  String.raw`\b(?:on|at|for|with|in\s+terms\s+of|when\s+it\s+comes\s+to|regarding|about)\s+` +
    String.raw`([\p{L}][\p{L}'’ -]*?)` +
    String.raw`(?=\s+(?:in|during|for|last|this|over|since|between|from|so\s+far|across|among|amongst|between|by|within)\b|[?.!,;]|$)`,
  'giu',
);

/** The topic words of a message's "… on <topic>" phrase, or null: none, or only a period, person-free generic words. */
export function topicWordsIn(text: string, today: Date): string | null {
  for (const m of text.matchAll(TOPIC_PHRASE)) {
    const phrase = m[1]!.trim();
    // "for March": a bare month is a period, not a topic (the reader resolves "March" only with its preposition).
    if (resolveDateRange(phrase, today) || resolveDateRange(`in ${phrase}`, today)) continue;
    const words = wordsOf(phrase);
    if (!words.some((w) => !GENERIC.has(w))) continue;
    return words.join(' ');
  }
  return null;
}

function countOf(words: string[], at: number): number | null {
  for (const w of [words[at - 1], words[at + 1], words[at - 2]]) {
    if (!w) continue;
    if (/^\d{1,3}$/.test(w)) return Number(w);
    if (NUMBERS[w] !== undefined && w !== 'a') return NUMBERS[w]!;
  }
  return null;
}

/** "those", "them", "these", "the calls above": the calls of the previous answer. */
const THOSE = /\b(?:those|these|them|they)\b|\bcalls\s+above\b|\babove\s+calls\b/i;
const FAILED = /\bfail(?:s|ed|ing|ures?)?\b|\bbreach(?:ed|es)?\b|\bwent\s+wrong\b/i;

export function readQuestion(text: string, today: Date): QuestionAsk | null {
  if (THOSE.test(text) && FAILED.test(text)) return { kind: 'failed_those', mandatory: /\bmandatory\b/i.test(text) };
  const words = wordsOf(text);
  const worstAt = words.findIndex((w) => WORST_SCORE.includes(w));
  const bestAt = words.findIndex((w) => BEST_SCORE.includes(w));
  const superlative = worstAt >= 0 || bestAt >= 0;
  const order: 'worst' | 'best' = worstAt >= 0 || bestAt < 0 ? 'worst' : 'best';
  const ranking = RANKING.some((w) => words.includes(w));
  // "which of Tom and Priya …" asks who as well (not "which of the rules …").
  const asksWho =
    /\bwho\b|\bwhich\s+(?:advis[eo]rs?|teams?|agents?|colleagues?)\b|\bwhich\s+(?:one\s+)?of\s+(?!(?:the\s+|these\s+|those\s+)?rules?\b)/i.test(
      text,
    ) || hasWord(words, 'advisors', 'advisers', 'teams');

  const compares = hasWord(words, 'compare', 'comparison', 'versus', 'vs', 'against') || /\bcompared?\s+(?:to|with)\b/i.test(text);
  if ((superlative || ranking) && asksWho && !compares) {
    const topic = topicWordsIn(text, today);
    if (topic)
      return { kind: 'topic_rank', order, topic: { words: topic, subject: hasWord(words, 'team', 'teams') ? 'teams' : 'advisors' } };
  }
  if (superlative && !asksWho) {
    const at = worstAt >= 0 ? worstAt : bestAt;
    const callAt = words.findIndex((w, i) => i !== at && Math.abs(i - at) <= 3 && CALL_WORDS.includes(w));
    if (callAt >= 0) {
      const n = countOf(words, at) ?? (words[callAt]!.endsWith('s') ? 5 : 1);
      return { kind: 'calls_ranked', order, count: Math.max(1, Math.min(MAX_CALLS, n)) };
    }
  }
  if (compares) {
    if (hasWord(words, 'rule', 'rules')) return null;
    return { kind: 'compare', periods: periodsIn(text, today) };
  }
  return null;
}

/** Two or more distinct periods, one per part of the message ("June vs July", "compare May and June"), or null. */
function periodsIn(text: string, today: Date): DateRange[] | null {
  const parts = text.split(/\bvs\.?|\bversus\b|\bagainst\b|\bcompared\s+(?:to|with)\b|\band\b|\bwith\b|,/i);
  const ranges: DateRange[] = [];
  for (const part of parts) {
    const r = resolveDateRange(part, today);
    if (r && !ranges.some((x) => x.start_date === r.start_date && x.end_date === r.end_date)) ranges.push(r);
  }
  return ranges.length >= 2 ? ranges : null;
}
