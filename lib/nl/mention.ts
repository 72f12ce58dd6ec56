/**
 * Whether a message that asks for nothing may still name something to work on — a person, a
 * team, a product or a period ("Fatima Khan", "fatima khan", "June", "what about Rhys ap Gwilym?",
 * "HELOC 2.0", "the Wales team") — so the caller reads the CRM's lists (advisors, products) before
 * answering with what it can do. Only the lists can tell whether a word is someone: this reader
 * says only whether it is worth looking (a period, "team(s)", or a word that is neither an ordinary
 * English word nor one of the request words that never name anyone). "Book me a meeting room for
 * Tuesday", "hello", "what can you do?" are not worth looking.
 */
import { resolveDateRange, type DateRange } from '../relative-dates.ts';
import { isCommonWord, notAName } from './names.ts';

export interface MentionCues {
  /** The period the message names, if any. */
  period: DateRange | null;
  /** Words that may be a name or a product (as written). */
  words: string[];
  /** "team" or "teams" is said. */
  team: boolean;
}

/** A word that could stand for someone or something in the data: letters, not ordinary English, not a request word. */
const mayBeName = (w: string) => /\p{L}/u.test(w) && w.length >= 2 && !notAName(w) && !isCommonWord(w.replace(/['’]s$/, ''));

/**
 * A product's name may be ordinary words ("Bridging Finance", "HELOC 2.0"): a capitalised word or
 * an acronym counts too (a capitalised first word only before another capitalised word: "Bridging Finance"),
 * unless it is a request word, a day or a month.
 */
const mayBeProductWord = (w: string, first: boolean, next: string | undefined) =>
  (first ? /^\p{Lu}{2,}$/u.test(w) || /^\p{Lu}/u.test(next ?? '') : /^\p{Lu}/u.test(w)) && /^\p{Lu}/u.test(w) && !notAName(w) && w !== 'I';

/** Words of the message as written, each with whether it starts a sentence. */
function wordsIn(text: string): Array<{ w: string; first: boolean; next: string | undefined }> {
  const found = [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’.-]*/gu)];
  const all = found.map((m) => m[0].replace(/[.'’-]+$/, ''));
  // A sentence's first word is capitalised whatever it is ("Hi, … . Can you …").
  return all.map((w, i) => ({ w, first: /(?:^|[.!?:;])\s*$/.test(text.slice(0, found[i]!.index)), next: all[i + 1] }));
}

/** Words that may be part of a product's name: capitalised or acronyms, as above ("HELOC", "Bridging", not "Hmm, …"). */
export function productCues(text: string): string[] {
  return wordsIn(text)
    .filter(({ w, first, next }) => mayBeProductWord(w, first, next))
    .map(({ w }) => w);
}

/** What in the message may name something, or null when nothing does. */
export function mentionCues(text: string, today: Date): MentionCues | null {
  const period = resolveDateRange(text, today);
  const words = wordsIn(text)
    .filter(({ w, first, next }) => mayBeName(w) || mayBeProductWord(w, first, next))
    .map(({ w }) => w);
  const team = /\bteams?\b/i.test(text);
  return period || words.length || team ? { period, words, team } : null;
}
