/**
 * Capability names and the words that match them (rules in ./README.md "Capabilities").
 * A capability is a lower-case name: letters, digits and `-`, `.`, `_` (`sentiment-analysis`,
 * `transcription`). Its words are the parts between those separators. A word of a text matches a
 * capability word when their stems are equal, or share a prefix of at least six letters
 * (`transcribe` ~ `transcription`, `analyse` ~ `analysis`).
 */

/** `Sentiment Analysis` → `sentiment-analysis`; leading/trailing separators dropped. */
export function normalizeCapability(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
}

/** Words that never count as evidence of a capability. */
const STOP = new Set([
  'the',
  'and',
  'then',
  'for',
  'with',
  'from',
  'into',
  'onto',
  'that',
  'this',
  'these',
  'those',
  'each',
  'every',
  'all',
  'any',
  'our',
  'their',
  'its',
  'them',
  'they',
  'you',
  'your',
  'use',
  'using',
  'make',
  'sure',
  'also',
  'after',
  'before',
  'first',
  'second',
  'third',
  'finally',
  'next',
  'last',
  'one',
  'two',
  'three',
  'new',
  'per',
  'about',
  'over',
  'out',
  'get',
  'set',
  'put',
  'via',
  'are',
  'was',
  'were',
  'been',
  'being',
  'have',
  'has',
  'should',
  'must',
  'will',
  'can',
  'could',
  'would',
  'please',
  'task',
  'tasks',
  'step',
  'steps',
]);

const SUFFIXES = [
  'isation',
  'ization',
  'ations',
  'ation',
  'itions',
  'ition',
  'ings',
  'ing',
  'ments',
  'ment',
  'ions',
  'ion',
  'ises',
  'izes',
  'ised',
  'ized',
  'ise',
  'ize',
  'ers',
  'er',
  'es',
  'ed',
  's',
  'e',
  'y',
];

/** A light English stem: the longest listed suffix removed when at least three letters remain. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const s of SUFFIXES) if (w.endsWith(s) && w.length - s.length >= 3) return w.slice(0, -s.length);
  return w;
}

/** The words of a text that can carry meaning: letters/digits, three or more characters, no stop words. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 3 && !STOP.has(w));
}

/** The words of a capability name (`sentiment-analysis` → sentiment, analysis); `qa`-like short words kept. */
export function capabilityWords(capability: string): string[] {
  return normalizeCapability(capability)
    .split(/[-._\s]+/)
    .filter((w) => w.length >= 2 && !STOP.has(w));
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Whether a word of the text and a capability word mean the same thing by the rules above. */
export function wordsMatch(textWord: string, capWord: string): boolean {
  const a = textWord.toLowerCase();
  const b = capWord.toLowerCase();
  if (a === b) return true;
  if (a.length < 3 || b.length < 3) return false;
  const sa = stem(a);
  const sb = stem(b);
  return sa === sb || commonPrefix(sa, sb) >= 6;
}

/**
 * The text words that evidence a capability: every word of the capability must match a word of
 * the text (a multi-word capability needs all its words); empty when it does not match.
 */
export function evidenceFor(words: readonly string[], capability: string): string[] {
  const capWords = capabilityWords(capability);
  if (capWords.length === 0) return [];
  const evidence: string[] = [];
  for (const cw of capWords) {
    const hit = words.find((w) => wordsMatch(w, cw));
    if (hit === undefined) return [];
    if (!evidence.includes(hit)) evidence.push(hit);
  }
  return evidence;
}
