/**
 * The people, teams and "everyone" a message names, resolved against a directory of advisors
 * that comes from the CRM at run time (a tool); nothing here knows any advisor.
 *
 * A PersonMatch says how a name was found:
 * - `exact`: the full name, in any case, with or without a possessive ("alex wong's", "Alex
 *   Wongs") and however the apostrophe is written ("James O'Connor", "James OConnor", "james o
 *   connor", "O’Connor").
 * - `first_name`: one part of a name — the first name or the surname — that only one advisor has
 *   ("Priya" → Priya Shah, "Khan" → Fatima Khan).
 * - `ambiguous`: a full or partial name several advisors share; `candidates` lists them.
 * - `fuzzy`: close to exactly one name, a likely typo ("Alex Wang" → Alex Wong): `name` is the
 *   likely advisor and `candidates` the nearest names, for the Planner to ask "did you mean …?".
 * - `unknown`: a person's name that matches no advisor ("John Smith"); `candidates` are the
 *   nearest advisors' names, at most three.
 * Each advisor is listed once, in the order first named. A lower-case word that is an ordinary
 * English word ("will", "hall") is not taken for a name part; request words never are.
 */
import { namePhrases, wordsOf, type Word } from './name-finder.ts';
import { editDistance as distance, fold, isCommonWord, isParticle, notAName, possessiveForms } from './names.ts';
import { teamsIn } from './teams.ts';

export interface DirectoryEntry {
  name: string;
  team: string;
}

export interface PersonMatch {
  /** The words as written, without a possessive. */
  said: string;
  status: 'exact' | 'first_name' | 'fuzzy' | 'ambiguous' | 'unknown';
  /** The advisor meant (exact, first_name, fuzzy), else null. */
  name: string | null;
  candidates: string[];
}

export interface PeopleFound {
  people: PersonMatch[];
  teams: string[];
  everyone: boolean;
}

const MAX_CANDIDATES = 3;
/** A typo: at most two edits, and at most a quarter of the name's letters. */
const closeEnough = (d: number, length: number) => d > 0 && d <= 2 && d <= length / 4;

interface Known {
  name: string;
  full: string;
  parts: string[];
}

/** The words [start, end) folded, the last one in each of its possessive forms; with the `said` text. */
function readings(text: string, words: Word[], start: number, end: number): Array<{ folded: string; said: string }> {
  const head = words
    .slice(start, end - 1)
    .map((w) => fold(w.text))
    .join('');
  const last = words[end - 1]!;
  return possessiveForms(last.text).map((form) => ({
    folded: head + fold(form),
    said: text.slice(words[start]!.from, last.from) + form,
  }));
}

/** A name said that the directory has: one advisor (`status`), or several (ambiguous). */
const named = (said: string, names: string[], status: 'exact' | 'first_name'): PersonMatch =>
  names.length > 1 ? { said, status: 'ambiguous', name: null, candidates: names } : { said, status, name: names[0]!, candidates: names };

/** An advisor and how far a said name is from theirs (`length`: of what it was compared with). */
interface Near {
  name: string;
  d: number;
  length: number;
}

/** The advisors by the distance of their full names from `folded`, nearest first. */
function nearest(folded: string, known: Known[]): Near[] {
  return known.map((k) => ({ name: k.name, d: distance(folded, k.full), length: k.full.length })).sort((a, b) => a.d - b.d);
}

/** The advisors by the distance of their nearest name part (first name or surname) from `folded`. */
function nearestPart(folded: string, known: Known[]): Near[] {
  return known
    .map((k) => k.parts.map((part) => ({ name: k.name, d: distance(folded, part), length: part.length })).sort((a, b) => a.d - b.d)[0]!)
    .filter(Boolean)
    .sort((a, b) => a.d - b.d);
}

export function matchPeople(text: string, directory: DirectoryEntry[]): PeopleFound {
  if (!Array.isArray(directory) || directory.some((a) => typeof a?.name !== 'string' || typeof a?.team !== 'string')) {
    throw new TypeError('matchPeople: the directory must be a list of { name, team } strings');
  }
  const known: Known[] = directory.map((a) => {
    const folded = a.name.split(/\s+/).map(fold).filter(Boolean);
    // A particle is part of the full name, never a name part on its own ("de" in "Carlos de la Cruz").
    return { name: a.name, full: folded.join(''), parts: folded.filter((p) => !isParticle(p)) };
  });
  const words = wordsOf(text);
  const used = new Array<boolean>(words.length).fill(false);
  const found: Array<{ at: number; match: PersonMatch }> = [];
  const take = (start: number, end: number, match: PersonMatch) => {
    for (let i = start; i < end; i++) used[i] = true;
    found.push({ at: start, match });
  };
  const free = (start: number, end: number) => used.slice(start, end).every((u) => !u);
  // Words of team names ("North" in "the North team") are not people, unless an advisor's name has them too.
  const teamWords = new Set(directory.flatMap((a) => a.team.split(/\s+/).map(fold)));
  words.forEach((w, i) => {
    if (teamWords.has(fold(w.text)) && !known.some((k) => k.parts.includes(fold(w.text)))) used[i] = true;
  });
  /** A near miss of one advisor (fuzzy) or of several equally (ambiguous); false when no one is close. */
  const resolveClose = (p: { start: number; end: number }, said: string, near: Near[]): boolean => {
    const close = near.filter((x) => closeEnough(x.d, x.length));
    if (!close.length) return false;
    const tied = close.filter((x) => x.d === close[0]!.d).map((x) => x.name);
    take(
      p.start,
      p.end,
      tied.length > 1
        ? { said, status: 'ambiguous', name: null, candidates: tied }
        : { said, status: 'fuzzy', name: close[0]!.name, candidates: close.slice(0, MAX_CANDIDATES).map((x) => x.name) },
    );
    return true;
  };
  const unknown = (p: { start: number; end: number }, said: string, near: Near[]) =>
    take(p.start, p.end, { said, status: 'unknown', name: null, candidates: near.slice(0, MAX_CANDIDATES).map((x) => x.name) });
  const withFull = (folded: string) => known.filter((k) => k.full === folded).map((k) => k.name);
  const withPart = (folded: string) => known.filter((k) => k.parts.includes(folded)).map((k) => k.name);

  // 1. Full names as spelt in the directory, longest first ("james o connor" is three words).
  for (let n = 4; n >= 2; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if (!free(i, i + n)) continue;
      for (const r of readings(text, words, i, i + n)) {
        const names = withFull(r.folded);
        if (!names.length) continue;
        take(i, i + n, named(r.said, names, 'exact'));
        break;
      }
    }
  }
  // 2. Name-like phrases of two words or more spelt like no one: a close full name, else an unknown person.
  const phrases = namePhrases(text, words);
  for (const p of phrases) {
    if (p.end - p.start < 2 || !free(p.start, p.end)) continue;
    // The reading nearest a directory name ("Alex Wongs" may be "Alex Wong"); as written when none is close.
    const all = readings(text, words, p.start, p.end).map((x) => ({ ...x, near: nearest(x.folded, known) }));
    const closest = all.reduce((a, b) => ((b.near[0]?.d ?? Infinity) < (a.near[0]?.d ?? Infinity) ? b : a));
    if (!resolveClose(p, closest.said, closest.near) && p.personLike) unknown(p, all[0]!.said, all[0]!.near);
  }
  // 3. A first name or surname alone.
  words.forEach((w, i) => {
    if (used[i] || notAName(w.text)) return;
    const lower = !/^\p{Lu}/u.test(w.text);
    for (const form of possessiveForms(w.text)) {
      if (lower && isCommonWord(form)) continue;
      const names = withPart(fold(form));
      if (!names.length) continue;
      take(i, i + 1, named(form, names, 'first_name'));
      return;
    }
  });
  // 4. A single word taken for a person ("Sarah's calls") that is no one's name part: close to one, or unknown.
  for (const p of phrases) {
    if (p.end - p.start !== 1 || !p.personLike || !free(p.start, p.end)) continue;
    const form = possessiveForms(words[p.start]!.text)[0]!;
    const near = nearestPart(fold(form), known);
    if (!resolveClose(p, form, near)) unknown(p, form, near);
  }
  const people: PersonMatch[] = [];
  for (const { match } of found.sort((a, b) => a.at - b.at)) {
    const same = (m: PersonMatch) => (match.name ? m.name === match.name : m.name === null && fold(m.said) === fold(match.said));
    if (!people.some(same)) people.push(match);
  }
  return { people, ...teamsIn(text, [...new Set(directory.map((a) => a.team))]) };
}
