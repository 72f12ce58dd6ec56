import { OUTCOME_PHRASES, OUTCOME_WORDS, type Outcome } from '../analysis/index.ts';

/**
 * What a message asks to get, or not get, from the calls: the outcomes a workflow is composed for.
 * - `add`: "also check sentiment", "include speaker turns", "sentiment too", "plus segments".
 * - `remove`: "skip the scoring", "without a score", "no sentiment", "don't score them", "leave
 *   out the transcripts".
 * - `only`: "just the transcripts", "only compliance", "compliance only", "nothing but scores"
 *   (null when not said). Anything also added joins it; anything removed leaves it.
 * An outcome word with no such cue ("Score Alex Wong's calls", "the lowest QA score") changes
 * nothing. Rules: the message is cut into clauses (; . ! ? and "but"); in a clause a cue governs
 * the outcome words up to five words after it ("also give me the speaker turns"), and each one it
 * governs carries it on ("skip sentiment, scoring and segments" removes all three), until the next
 * cue. A negation ("don't", "not", "no") is a remove cue reaching three words ("don't check the
 * sentiment", "don't score them"), so words further on are out of its reach ("don't worry about it
 * and score them" removes nothing).
 * A cue after the words ("sentiment too", "compliance only") governs the words just before it.
 */
export type { Outcome };

export interface OutcomeChange {
  add: Outcome[];
  remove: Outcome[];
  only: Outcome[] | null;
}

type Cue = 'add' | 'remove' | 'only';

/** Each outcome's words, from the analysis registry (lib/analysis/functions.ts `said`). */
const OUTCOMES = OUTCOME_WORDS;

/** Phrases read as one word: the outcomes' (from the registry), then the cues', longest first. */
const PHRASES = [
  ...OUTCOME_PHRASES,
  'leave out',
  'no need for',
  'nothing but',
  'nothing except',
  'as well',
  'in addition',
  'do not',
  'rather not',
];

const CUES: Record<string, Cue> = {
  also: 'add',
  add: 'add',
  adding: 'add',
  include: 'add',
  including: 'add',
  plus: 'add',
  additionally: 'add',
  'in addition': 'add',
  extra: 'add',
  too: 'add',
  'as well': 'add',
  skip: 'remove',
  skipping: 'remove',
  without: 'remove',
  no: 'remove',
  not: 'remove',
  "don't": 'remove',
  dont: 'remove',
  'do not': 'remove',
  exclude: 'remove',
  excluding: 'remove',
  drop: 'remove',
  omit: 'remove',
  remove: 'remove',
  'leave out': 'remove',
  minus: 'remove',
  except: 'remove',
  'no need for': 'remove',
  "won't": 'remove',
  "can't": 'remove',
  never: 'remove',
  'rather not': 'remove',
  forget: 'remove',
  just: 'only',
  only: 'only',
  solely: 'only',
  'nothing but': 'only',
  'nothing except': 'only',
  exclusively: 'only',
};
/**
 * How many words after a cue (or after the last outcome it governed) it still governs: "also give
 * me the speaker turns". A negation reaches less far: its verb and object ("don't check the sentiment").
 */
const SCOPE = 5;
const NEGATION_SCOPE = 3;
const NEGATIONS = new Set(['no', 'not', "don't", 'dont', 'do not', "won't", "can't", 'never']);
/** Cues that may come after the words they govern. */
const TRAILING = new Set(['too', 'as well', 'only']);

function tokens(clause: string): string[] {
  let s = ` ${clause
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')} `;
  for (const p of PHRASES) s = s.replaceAll(` ${p} `, ` ${p.replace(/ /g, '_')} `);
  return s
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((t) => t.replace(/_/g, ' '));
}

const outcomeOf = (word: string): Outcome | null => OUTCOMES.find(([, re]) => re.test(word))?.[0] ?? null;

export function outcomesIn(text: string): OutcomeChange {
  const got: Record<Cue, Outcome[]> = { add: [], remove: [], only: [] };
  const put = (cue: Cue, o: Outcome) => {
    if (!got[cue].includes(o)) got[cue].push(o);
  };
  for (const clause of text.split(/[;.!?]+|\bbut\b/i)) {
    let cue: Cue | null = null;
    let scope = SCOPE;
    let anchor = -Infinity;
    let pending: Outcome[] = [];
    tokens(clause).forEach((word, i) => {
      const o = outcomeOf(word);
      const c = CUES[word];
      if (cue && i - anchor > scope) cue = null;
      if (o) {
        if (cue) {
          put(cue, o);
          anchor = i;
        } else pending.push(o);
      } else if (c && TRAILING.has(word) && pending.length && !cue) {
        // "sentiment too", "compliance only": the words just before.
        pending.forEach((p) => put(c, p));
        pending = [];
      } else if (c) {
        cue = c;
        scope = NEGATIONS.has(word) ? NEGATION_SCOPE : SCOPE;
        anchor = i;
        pending = [];
      }
    });
  }
  const remove = got.remove.filter((o) => !got.add.includes(o) && !got.only.includes(o));
  if (!got.only.length) return { add: got.add.filter((o) => !remove.includes(o)), remove, only: null };
  const only = [...got.only, ...got.add].filter((o, i, a) => a.indexOf(o) === i && !remove.includes(o));
  return { add: [], remove, only };
}
