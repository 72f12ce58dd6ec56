/**
 * How names are compared: case, accents, apostrophes and hyphens do not count ("James O'Connor",
 * "james oconnor", "JAMES O’CONNOR" and "James O Connor" are one name once the spaces inside it
 * are dropped), and a possessive is not part of a name ("Alex Wong's", "Alex Wongs", "James'").
 */
import nlp from 'compromise';

/** A word or name folded for comparison: lower case, no accents, no apostrophes, hyphens or spaces. */
export const fold = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’‘`´\-\s.]/g, '');

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

/** Words that are never part of a person's name here: requests, greetings, QA words, dates. */
const NOT_A_NAME = new Set(
  (
    'hi hello hey dear please pls can could would will thanks thank yes no ok okay the this that these those i we you me my ' +
    'our their his her its it all every everyone everybody team teams calls call advisor advisors adviser advisers agent ' +
    'agents qa heloc fca consumer duty review reviews check compare analyse analyze assess score scores scoring audit ' +
    'evaluate tell show find look summarise summarize rank explain run rerun re-run scale redo why which who what how ' +
    'when where did does do is are was were and or also now then just only same again today yesterday tomorrow last next ' +
    'this week weeks month months year quarter monday tuesday wednesday thursday friday saturday sunday january february ' +
    'march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'product products loan loans finance home customer customers vulnerable vulnerability rule rules compliance sentiment ' +
    'transcript transcripts mr mrs ms miss dr sir madam'
  ).split(/\s+/),
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
