/**
 * Whether a message asks for QA work on calls, from the everyday words of QA rather than one fixed
 * phrasing. The Planner's request reader (its gate before the kinds) and the Conductor's both use
 * it, so the two agents understand the same sentences.
 *
 * The words:
 * - work: QA, audit, check, re-check, double-check, review, re-review, score, assess, analyse,
 *   evaluate, monitor, mark, grade, vet, inspect, examine, coach; "look at / into / over", "go
 *   through / over", "dig into"; "the compliance picture" (or "… position", "… view"); "how is /
 *   did / has X do(ing) / perform(ing) / get(ting) on / score".
 * - objects: calls, conversations, recordings (one or many); a period (lib/relative-dates.ts); a
 *   name-like phrase ("Tom Ellis", "Pryia Sha's", "calls by alex wong": name-finder.ts — not yet
 *   resolved against the directory, which the caller does).
 *
 * A reading is `asked` when a work word comes with something to work on (calls or a name), or the
 * message asks how someone is doing; `implied` when only the objects are there — calls with a
 * period or a name ("Pryia Sha's calls in June", "priya shah's calls last week"), or a work word
 * with a period ("audit July") — which a reply or a follow-up may also be, so the caller lets an
 * open question or a follow-up take those first. Anything else is null: not a request for work.
 */
import { resolveDateRange, type DateRange } from '../relative-dates.ts';
import { namePhrases, wordsOf as nameWords } from './name-finder.ts';

export interface WorkAsk {
  strength: 'asked' | 'implied';
  /** The work words as said, lower case ("qa", "re-check", "look at", "compliance picture"); empty when only implied by objects. */
  said: string[];
  /** Calls, conversations or recordings are mentioned. */
  calls: boolean;
  /** The period said, if any (against `today`). */
  period: DateRange | null;
  /** A name-like phrase is said (a person, perhaps misspelt; resolved later against the directory). */
  nameLike: boolean;
}

const WORK_WORDS = [
  'qa',
  "qa'd",
  'qaing',
  'quality',
  'review',
  'reviews',
  'reviewed',
  're-review',
  'check',
  'checks',
  'checking',
  're-check',
  'recheck',
  're-checking',
  'double-check',
  'audit',
  'audits',
  'auditing',
  're-audit',
  'assess',
  'assessment',
  'analyse',
  'analyze',
  'analysis',
  're-analyse',
  're-analyze',
  'evaluate',
  'evaluation',
  'score',
  'scores',
  'scoring',
  're-score',
  'rescore',
  'monitor',
  'monitoring',
  'mark',
  'grade',
  'vet',
  'inspect',
  'examine',
  'scorecard',
  'performance',
  'compliance',
  'compliant',
  'coach',
  'coaching',
];
/** Phrases of more than one word; `\s+` between words. */
const WORK_PHRASES = [
  String.raw`look(?:ing)?\s+(?:at|into|over)`,
  String.raw`go(?:ing)?\s+(?:through|over)`,
  String.raw`dig(?:ging)?\s+into`,
  String.raw`(?:compliance|qa|quality)\s+(?:picture|position|view|status|health)`,
  String.raw`(?:run|do)\s+(?:a\s+)?qa`,
];
const WORK_PHRASE = new RegExp(String.raw`\b(?:${WORK_PHRASES.join('|')})\b`, 'gi');
/** "how is Tom doing", "how did Priya do in June", "how's Fatima getting on", "how has the team performed". */
const HOW_DOING = new RegExp(
  String.raw`\bhow(?:'s|’s|\s+(?:is|are|was|were|did|does|do|has|have))\b(.{0,80}?)\b` +
    String.raw`(?:do|doing|done|perform|performing|performed|get(?:ting)?\s+on|got\s+on|scor(?:e|ed|ing)|look(?:ing)?)\b`,
  'i',
);
/** Who "how is … doing" asks about when it is small talk or about the work itself, not about advisors. */
const NOT_ABOUT_ADVISORS = /^\s*(?:you|u|we|i|it|that|this|things|everything|everyone\s+here|the\s+(?:run|work|job|task|review))\s*$/i;
const CALL_WORDS = /\b(?:calls?|conversations?|recordings?|call\s+recordings?)\b/i;

/** The message's words: lower case, curly apostrophes straightened, possessives dropped. */
const lowerWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/'s\b/g, '')
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''));

export function readWorkAsk(text: string, today: Date): WorkAsk | null {
  const words = new Set(lowerWords(text));
  const said = [
    ...WORK_WORDS.filter((w) => words.has(w)),
    ...[...text.matchAll(WORK_PHRASE)].map((m) => m[0].toLowerCase().replace(/\s+/g, ' ')),
  ];
  const calls = CALL_WORDS.test(text);
  const period = resolveDateRange(text, today);
  const nameLike = namePhrases(text, nameWords(text)).some((p) => p.end - p.start >= 2 || p.personLike);
  const how = HOW_DOING.exec(text);
  const howDoing = !!how && !NOT_ABOUT_ADVISORS.test(how[1]!);
  const base = { calls, period, nameLike };
  if (howDoing) return { strength: 'asked', said: [...said, 'how … doing'], ...base };
  if (said.length && (calls || nameLike)) return { strength: 'asked', said, ...base };
  if (said.some((w) => /\s/.test(w)) && !said.every((w) => /^(?:look|go|dig)/.test(w))) return { strength: 'asked', said, ...base };
  if ((calls && (period || nameLike)) || (said.length && period)) return { strength: 'implied', said, ...base };
  return null;
}
