/**
 * Where a text may name people it does not spell like anyone in the directory ("John Smith",
 * "Alex Wang"): compromise's person recogniser, runs of capitalised words, and two lower-case
 * words after "by/for/of/from/advisor" ("calls by alex wang"). Request words, greetings, QA
 * words and dates are never part of a name ("Score Alex Wong" is Alex Wong; "Show me", "QA",
 * "HELOC", "June" are nobody).
 *
 * A phrase is `personLike` — worth reporting as an unknown person — when compromise tags it as a
 * person or it is capitalised and follows a word that introduces a person ("by", "for", "advisor",
 * "compare", "and" …). A single word only counts when introduced or possessive ("calls by Sarah",
 * "Sophi's calls", not "Hi Selina"), or when a how-question is about it ("how did sarah do"). Other phrases may only
 * match a directory name closely.
 */
import nlp from 'compromise';
import { capitalised, fold, isCommonWord, isParticle, notAName, wordsOf, type Word } from './names.ts';
import { howSubjectParts, namedLike } from './how-subject.ts';

export { wordsOf, type Word };

/** A run of words [start, end) that may be a person's name. */
export interface NamePhrase {
  start: number;
  end: number;
  personLike: boolean;
}

const INTRODUCES_PERSON = new Set([
  'by',
  'for',
  'of',
  'from',
  'advisor',
  'adviser',
  'agent',
  'with',
  'about',
  'and',
  'named',
  'called',
  'compare',
  'vs',
  'versus',
  'than',
  'did',
  'does',
  'is',
  'was',
  'to',
  'between',
]);
/** Words after which even one capitalised word is taken for a person ("calls by Sarah"); not "is", "to", "did". */
const INTRODUCES_ONE = new Set(['by', 'for', 'of', 'from', 'advisor', 'adviser', 'agent', 'named', 'called', 'vs', 'versus', 'than']);
const AFTER_FOR_LOWER_CASE = new Set(['by', 'for', 'of', 'from', 'advisor', 'adviser']);
const MAX_NAME_WORDS = 4;

/** Index ranges of the words compromise tags as people, adjacent ones joined ("Alex" + "Wong's"). */
function recognised(text: string, words: Word[]): Array<[number, number]> {
  const at = new Map(words.map((w, i) => [w.from, i]));
  const out: Array<[number, number]> = [];
  const doc = nlp(text).people().json({ offset: true }) as Array<{ terms: Array<{ offset: { start: number } }> }>;
  for (const p of doc) {
    const idx = p.terms.map((t) => at.get(t.offset.start)).filter((i): i is number => i !== undefined);
    if (!idx.length) continue;
    const [s, e] = [Math.min(...idx), Math.max(...idx) + 1];
    const last = out.at(-1);
    if (last && last[1] === s && /^\s*$/.test(text.slice(words[s - 1]!.to, words[s]!.from))) last[1] = e;
    else out.push([s, e]);
  }
  return out;
}

/** Cuts a range at request words and the like, keeping the parts of two words or more (or one, if `singles`). */
function nameParts(words: Word[], start: number, end: number, singles: boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let s = start;
  for (let i = start; i <= end; i++) {
    if (i === end || notAName(words[i]!.text)) {
      if (i - s >= (singles ? 1 : 2)) out.push([s, Math.min(i, s + MAX_NAME_WORDS)]);
      s = i + 1;
    }
  }
  return out;
}

export function namePhrases(text: string, words: Word[]): NamePhrase[] {
  const found: NamePhrase[] = [];
  const introduced = (i: number) => i > 0 && INTRODUCES_PERSON.has(words[i - 1]!.text.toLowerCase());
  const introducedOne = (i: number) => i > 0 && INTRODUCES_ONE.has(words[i - 1]!.text.toLowerCase());
  const tagged = recognised(text, words);
  // A single tagged word is a person when introduced as one or said with a possessive ("calls by Sarah", "Sarah's calls").
  const possessive = (i: number) => /['’]s$/.test(words[i]!.text);
  for (const [s, e] of tagged) {
    for (const [a, b] of nameParts(words, s, e, true)) {
      found.push({ start: a, end: b, personLike: b - a >= 2 || introducedOne(a) || possessive(a) });
    }
  }
  for (let i = 0; i < words.length;) {
    let j = i;
    // A particle inside a name joins it ("Rhys ap Gwilym", "Carlos de la Cruz"): between a capitalised word and the next.
    const inName = (k: number) =>
      capitalised(words[k]!.text) ||
      (k > i &&
        isParticle(fold(words[k]!.text)) &&
        k + 1 < words.length &&
        (capitalised(words[k + 1]!.text) || isParticle(fold(words[k + 1]!.text))));
    while (j < words.length && inName(j) && (j === i || /^\s+$/.test(text.slice(words[j - 1]!.to, words[j]!.from)))) j++;
    for (const [a, b] of nameParts(words, i, j, true)) {
      const byTagger = tagged.some(([s, e]) => s < b && a < e);
      // One capitalised word counts only as a person's ("Sophi's calls", "calls by Sophi").
      if (b - a === 1 && !possessive(a) && !introducedOne(a)) continue;
      found.push({ start: a, end: b, personLike: byTagger || introduced(a) || b - a === 1 });
    }
    i = Math.max(j, i + 1);
  }
  for (let i = 1; i + 1 < words.length; i++) {
    const [a, b] = [words[i]!.text, words[i + 1]!.text];
    if (!AFTER_FOR_LOWER_CASE.has(words[i - 1]!.text.toLowerCase()) || notAName(a) || notAName(b)) continue;
    if (isCommonWord(a) || isCommonWord(b.replace(/['’]?s$/, ''))) continue;
    found.push({ start: i, end: i + 2, personLike: false });
  }
  // The people a how-question is about ("how did sarah do", "how are Sarah and Tom getting on").
  for (const p of howSubjectParts(words))
    if (p.every((i) => namedLike(words[i]!))) found.push({ start: p[0]!, end: p.at(-1)! + 1, personLike: true });
  // One phrase per stretch of words: the longest, person-like if any of its overlapping finds is.
  found.sort((x, y) => x.start - y.start || y.end - x.end);
  const out: NamePhrase[] = [];
  for (const p of found) {
    const last = out.at(-1);
    if (last && p.start < last.end) {
      last.personLike ||= p.personLike;
      last.end = Math.max(last.end, p.end);
    } else out.push({ ...p });
  }
  return out;
}
