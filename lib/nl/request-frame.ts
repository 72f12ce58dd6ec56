/**
 * The request without the words that only frame it: a greeting, politeness, "can you", "I'd like
 * you to", and the verbs that ask for a schedule ("set up", "schedule", "arrange"). What is left
 * says what to do ("a review of every advisor's calls from the previous week"): a scheduled run
 * shows it and reads it again each time, so it should read as the task, not as the asking.
 *
 * Only whole leading phrases from FRAME are removed, repeatedly, ignoring case and the commas and
 * "!" between them; nothing is removed when it would leave nothing. When a "can you" kind of frame
 * went, the question mark it brought goes too.
 */
const FRAME = [
  'hi',
  'hello',
  'hey',
  'good morning',
  'good afternoon',
  'please',
  'pls',
  'kindly',
  'ok',
  'okay',
  'can you',
  'could you',
  'would you',
  'will you',
  'can we',
  'could we',
  'shall we',
  "i'd like you to",
  'i would like you to',
  'i want you to',
  'i need you to',
  "i'd like to",
  'i would like to',
  'i want to',
  "let's",
  'lets',
  'set up',
  'setup',
  'schedule',
  'arrange',
  'book in',
  'book',
  'put in',
]
  // Longest first, so "i'd like you to" wins over "i'd like to" and "book in" over "book".
  .sort((a, b) => b.length - a.length);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]");
const LEADING = new RegExp(`^(?:${FRAME.map(escape).join('|')})(?=[\\s,!.]|$)[\\s,!.]*`, 'i');

/** The modal frames that make the request a question: its "?" goes with them. */
const QUESTION = /^(?:can|could|would|will|shall)\b/i;

export function withoutRequestFrame(text: string): string {
  let rest = text.trim();
  let asked = false;
  for (;;) {
    const m = rest.match(LEADING);
    if (!m || m[0].length === 0) break;
    const next = rest.slice(m[0].length).trim();
    if (!next) break;
    asked ||= QUESTION.test(m[0]);
    rest = next;
  }
  return asked ? rest.replace(/\s*\?+$/, '') : rest;
}
