/**
 * How names are compared: case, accents, apostrophes and hyphens do not count ("James O'Connor",
 * "james oconnor", "JAMES O’CONNOR" and "James O Connor" are one name once the spaces inside it
 * are dropped), and a possessive is not part of a name ("Alex Wong's", "Alex Wongs", "James'").
 */
import nlp from 'compromise';
import { FUNCTION_NAMES } from '../analysis/index.ts';

/** A word or name folded for comparison: lower case, no accents (Zoë = Zoe, Łukasz = Lukasz), no apostrophes, hyphens or spaces. */
export const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđßæœþı]/g, (c) => UNDECOMPOSED[c]!)
    .replace(/['’‘`´\-\s.]/g, '');

/** Letters that carry their mark inside them (NFD leaves them whole): "Łukasz" folds to "lukasz" all the same. */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i' };

/**
 * The ways a word may have been written when it ends a name, most likely first: without a
 * possessive "'s" or "s'" (never part of a name), or as it is and without a bare "s" ("alex wongs
 * calls").
 */
export function possessiveForms(word: string): string[] {
  if (/['’]s$/i.test(word)) return [word.slice(0, -2)];
  if (/s['’]$/i.test(word)) return [word.slice(0, -1)];
  return /[^s]s$/i.test(word) && word.length > 3 ? [word, word.slice(0, -1)] : [word];
}

/**
 * How many edits turn one folded name into another: insertions, deletions, substitutions, and two
 * neighbouring letters swapped as one edit ("Pryia" → "Priya" is one slip of the fingers, not two).
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Little words inside surnames ("de la Cruz", "van der Berg", "ap Gwilym", "Ní Bhriain", "bin
 * Rashid"): part of a full name, never a name on their own ("de" alone names nobody).
 */
const PARTICLES = new Set(
  'ap ab ferch de del della der den di da das dos du la le les van von vom zu ter ten te ni nic mac mc o ua bin binti bint ibn al el y'.split(
    ' ',
  ),
);
export const isParticle = (folded: string): boolean => PARTICLES.has(folded);

/** Words that are never part of a person's name here: requests, greetings, QA words and the analysis functions' names, dates. */
const NOT_A_NAME = new Set(
  (
    'hi hello hey dear please pls can could would will thanks thank yes no ok okay the this that these those i we you me my ' +
    'our their his her its it all every everyone everybody team teams calls call advisor advisors adviser advisers agent ' +
    'agents qa fca consumer duty review reviews check compare analyse analyze assess audit ' +
    'evaluate tell show find look summarise summarize rank explain run rerun re-run scale redo why which who what how ' +
    'when where did does do is are was were and or also now then just only same again today yesterday tomorrow last next ' +
    'this week weeks month months year quarter monday tuesday wednesday thursday friday saturday sunday january february ' +
    'march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'product products loan loans finance home customer customers vulnerable vulnerability rule rules ' +
    'mr mrs ms miss dr sir madam'
  )
    .split(/\s+/)
    // The analysis functions' own names ("score", "sentiment", "transcripts"): lib/analysis/functions.ts.
    .concat(FUNCTION_NAMES),
);

/** A word that is never part of a person's name here (see NOT_A_NAME). */
export const notAName = (word: string): boolean => NOT_A_NAME.has(word.toLowerCase().replace(/['’]s$/, ''));

const LEXICON = (nlp as unknown as { model(): { one: { lexicon: Record<string, string> } } }).model().one.lexicon;

/**
 * An ordinary English word ("will", "hall", "price") rather than a name: compromise's lexicon
 * knows it and not as a name. A lower-case word like that is not taken as a person on its own.
 */
export function isCommonWord(word: string): boolean {
  const tag = LEXICON[word.toLowerCase()];
  return tag !== undefined && !/Name|Person|Honorific/.test(tag);
}

/** A word compromise's lexicon knows as a name ("sarah", "tom", "mark"): one a lower-case how-question may be about. */
export function isNameWord(word: string): boolean {
  const tag = LEXICON[word.toLowerCase()];
  return tag !== undefined && /Name|Person/.test(tag);
}

export interface Word {
  text: string;
  from: number;
  to: number;
}

export const wordsOf = (text: string): Word[] =>
  [...text.matchAll(/\p{L}[\p{L}\p{M}'’-]*/gu)].map((m) => ({ text: m[0], from: m.index, to: m.index + m[0].length }));

/** Capitalised like a name: "Alex", "O'Connor"; not an acronym ("QA", "HELOC", "REC-88342"). */
export const capitalised = (w: string) => /^\p{Lu}/u.test(w) && /\p{Ll}/u.test(w.replace(/['’]s$/, ''));
