/**
 * Who a how-question is about: "how did sarah do", "how is Priya Shah getting on", "how are sarah and tom
 * doing", "how did she get on", "how did my advisor do" — the words between "how did/is/has…" and a verb of
 * doing — or a follow-up's "what about sarah?". The name finder takes their name-like parts for people
 * (name-finder.ts); a how-subject that refers to a person without naming one ("she", "my advisor", "mr x") is
 * what the Planner asks about rather than answering for everyone (`unnamedSubject`).
 */
import { capitalised, isNameWord, notAName, wordsOf, type Word } from './names.ts';

const wordSet = (list: string) => new Set(list.split(/\s+/));
const AUXILIARIES = wordSet('did does do is was has have are were');
/** Verbs of how someone did: "how did sarah do / get on / perform / score / fare", "how is it going". */
const VERBS = wordSet(
  'do does did doing done get gets getting got go goes going went gone perform performs performing performed ' +
    'score scores scoring scored fare fares faring fared',
);
const MAX_SUBJECT_WORDS = 6;
/** The word joining the people of one subject ("sarah and tom"). */
const JOINS = wordSet('and');
const HONORIFICS = wordSet('mr mrs ms miss dr sir madam');
/** Words that refer to one person or a few without naming them. */
const PERSON_REFERENCES = wordSet(
  'he she him her his they them advisor adviser agent colleague person guy girl man woman lad lady chap fellow ' +
    'trainee newbie starter one',
);
/** Never a person in a how-subject: pronouns and words of everyone. */
const NOBODY = wordSet('he she they them him her it we us i you everyone everybody anyone');

const bare = (w: Word) => w.text.replace(/['’]s$/, '');

/** A word a how-subject may name a person with: written like a name, or a name in lower case ("sarah"); not "HELOC", "disclosures", "she". */
export const namedLike = (w: Word): boolean =>
  !NOBODY.has(bare(w).toLowerCase()) && !notAName(w.text) && (capitalised(bare(w)) || isNameWord(bare(w)));

/** The word at `i` in lower case ('' past the end). */
const lowerAt = (ws: Word[], i: number) => ws[i]?.text.toLowerCase() ?? '';

/** The word ranges [start, end) of the how-questions' subjects in `ws`. */
function subjects(ws: Word[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const lower = (i: number) => lowerAt(ws, i);
  for (let i = 2; i < ws.length; i++) {
    if (lower(i - 2) !== 'how' || !AUXILIARIES.has(lower(i - 1))) continue;
    const n = Array.from({ length: MAX_SUBJECT_WORDS }, (_, k) => k + 1).find((k) => VERBS.has(lower(i + k)));
    if (n !== undefined) out.push([i, i + n]);
  }
  return out;
}

/**
 * The name-like words right after "what about" / "how about" ("what about sarah?", "and what about Sarah and
 * Tom?"): who a follow-up asks about, as word ranges [start, end).
 */
function aboutSubjects(ws: Word[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const lower = (i: number) => lowerAt(ws, i);
  for (let i = 2; i <= ws.length; i++) {
    if (!['what', 'how'].includes(lower(i - 2)) || lower(i - 1) !== 'about') continue;
    let e = i;
    while (e < ws.length && e - i < MAX_SUBJECT_WORDS && (namedLike(ws[e]!) || (e > i && JOINS.has(lower(e))))) e++;
    while (e > i && JOINS.has(lower(e - 1))) e--;
    if (e > i) out.push([i, e]);
  }
  return out;
}

/** Each subject cut at "and", a leading honorific dropped ("mr smith"): word indexes of each part. */
export function howSubjectParts(words: Word[]): number[][] {
  const parts: number[][] = [];
  for (const [s, e] of [...subjects(words), ...aboutSubjects(words)]) {
    let part: number[] = [];
    for (let i = s; i <= e; i++) {
      if (i === e || JOINS.has(words[i]!.text.toLowerCase())) {
        if (part.length) parts.push(part);
        part = [];
      } else if (part.length || !HONORIFICS.has(words[i]!.text.toLowerCase())) part.push(i);
    }
  }
  return parts;
}

/**
 * The subject of a how-question in `text` that refers to someone without naming anyone ("she", "my advisor",
 * "the new guy", "Mr Smith" when Smith is no name the lexicon knows), as written; null when every how-subject
 * names someone, is about everyone ("we", "the team", "things") or there is none. For a caller that found no
 * one named: it asks who, rather than answering for everyone.
 */
export function unnamedSubject(text: string): string | null {
  const words = wordsOf(text);
  for (const [s, e] of subjects(words)) {
    const span = words.slice(s, e);
    if (span.some(namedLike)) continue;
    const refers = span.some((w) => {
      const lower = bare(w).toLowerCase();
      return PERSON_REFERENCES.has(lower) || HONORIFICS.has(lower);
    });
    if (refers) return text.slice(span[0]!.from, span.at(-1)!.to);
  }
  return null;
}
