/**
 * How a reply answers a yes/no question ("Shall I run it?"), read without a language model.
 *
 * Rules, in the order they apply:
 * 1. The text is lower-cased (curly apostrophes made straight) and cut into clauses at , ; : . ! ?
 *    dashes and the words "but", "however", "though", "although", "actually", "except".
 * 2. Each clause is matched against a word table (confirmation-lexicon.ts), longest entry first,
 *    so "not sure" is doubt, "no problem" agreement and "why not" agreement before "no"/"not".
 * 3. A negation ("don't", "not", "never", "won't") turns the next cue of its clause round: a
 *    negated "go on" is no ("don't run it"), a negated "stop"/"wait" is yes ("don't stop"), a
 *    negated "yes" is no ("not good"). Straight after a "yes" word with nothing after it, it turns
 *    that word round ("absolutely not", "of course not"). With nothing to turn round it is a no
 *    ("please don't", "I won't"). A negated action with a particular object ("don't run the
 *    sentiment step") changes the plan, it does not refuse it: no answer (the Planner reads the
 *    change separately); with "it", "that", "the run", "anything" it refuses ("don't run it").
 * 4. A clause is: no when it defers ("not yet", "later", "maybe later"); else unsure when it
 *    hedges ("maybe", "I guess", "not sure"); else yes or no by its cues. A bare "no" before an
 *    action ("no, go ahead", "nope go for it") is no objection: yes. Other yes and no in one
 *    clause conflict: unsure. A question ("what would that involve?") answers nothing, except a
 *    request ("could you run it?").
 * 5. The message's answer is its last clause that decides, so a correction wins ("wait, yes",
 *    "yes but not now"), except that two bare opposite answers ("yes, no") conflict: unsure.
 *    Only fillers ("hmm") are unsure; "please" alone is yes; nothing recognised is unsure. The
 *    Planner acts on yes only: unsure makes it ask again.
 * 6. `stop`: a no that says to stop altogether ("cancel", "stop", "never mind", "don't run
 *    anything"). `retry`: asks to try again, unless the answer is no. `status`: asks how the work
 *    is going or whether it is done.
 */
import { LEXICON, NOTHING_AT_ALL, THE_WORK, WHOLE_THING, type Cue } from './confirmation-lexicon.ts';

export type Answer = 'yes' | 'no' | 'unsure';

export interface Confirmation {
  answer: Answer;
  /** A no that also says to stop altogether. */
  stop: boolean;
  /** Asks to try the work again. */
  retry: boolean;
  /** Asks how the work is going or for its results. */
  status: boolean;
}

const words = (s: string): string[] =>
  (s.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*|\p{Extended_Pictographic}/gu) ?? []).map((w) => w.replace(/['-]+$/, ''));

const BY_FIRST = new Map<string, Array<{ words: string[]; cue: Cue }>>();
for (const [text, cue] of LEXICON) {
  const entry = { words: words(text), cue };
  BY_FIRST.set(
    entry.words[0]!,
    [...(BY_FIRST.get(entry.words[0]!) ?? []), entry].sort((a, b) => b.words.length - a.words.length),
  );
}

const QUESTION_START = new Set([
  'what',
  "what's",
  'why',
  'when',
  'where',
  'which',
  'who',
  'whom',
  'whose',
  'how',
  "how's",
  'is',
  'are',
  'was',
  'were',
  'did',
  'does',
  'has',
  'have',
  'had',
  'should',
  'shall',
  'will',
  'would',
  'can',
  'could',
  'may',
]);
/** "could you run it?", "can we go ahead?": a request, whose cues count. */
const REQUEST = /^(?:can|could|would|will)\s+(?:you|u|we)\b/;
/** What may come before a word of praise that is a yes: "that's fine", "it is perfect", "all good", "very nice". */
const PRAISE_AFTER = /^(?:(?:that's|thats|that is|it's|its|it is|all|very|really|just|that's all)\s*)+$/;
const CONNECTIVES = /\b(?:but|however|although|though|actually|except)\b|\s-+\s/;
const RETRY = /\b(?:retry|re-try|try (?:it |that )?again|re-?run|run (?:it |that |them )?again|once more|again)\b/;
const STATUS = new RegExp(
  String.raw`\b(?:status|progress|done yet|finished|is it (?:done|finished|ready|complete)|` +
    String.raw`how(?:'s| is| are)? (?:it|things|the runs?|that) going|how far|any (?:news|updates?|results?)|` +
    String.raw`still (?:running|working|going)|where are we|eta|did it (?:work|finish|succeed|run))\b`,
);

interface Clause {
  words: string[];
  question: boolean;
  /** Opened by "but", "actually", …: a correction of what came before. */
  corrects: boolean;
}

/** Clauses, each marked when it opens like a question ("what would…", "is it…") and is not a request. */
function clausesOf(text: string): Clause[] {
  const out: Clause[] = [];
  for (const m of text.matchAll(/[^,;:.!?…–—]+/g)) {
    m[0].split(CONNECTIVES).forEach((part, i) => {
      const w = words(part);
      if (!w.length) return;
      const opensLikeQuestion = QUESTION_START.has(w[0]!) || (w[0] === 'do' && /^(?:you|we|i|they)$/.test(w[1] ?? ''));
      out.push({ words: w, question: opensLikeQuestion && !REQUEST.test(w.join(' ')), corrects: i > 0 });
    });
  }
  return out;
}

interface Found {
  cue: Cue;
  at: number;
  end: number;
}

function cuesIn(w: string[]): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < w.length;) {
    const entry = BY_FIRST.get(w[i]!)?.find((e) => e.words.every((x, k) => w[i + k] === x));
    if (entry) out.push({ cue: entry.cue, at: i, end: i + entry.words.length });
    i += entry ? entry.words.length : 1;
  }
  return out;
}

type Signal = 'yes' | 'no' | 'defer' | 'unsure' | 'weak_yes' | 'weak_unsure';
interface Reading {
  signals: Signal[];
  halt: boolean;
  /** The first signal is a bare "no" and an action follows: "no, go ahead" said in one breath. */
  noObjection: boolean;
  /** Only yes/no words ("yes", "nope"), nothing that acts, stops, waits or doubts, and not a correction. */
  bare: boolean;
}

/** What a negated action refuses: the whole work ("it", "anything", "the run") or only a part of it. */
function refusesWholeWork(w: string[], end: number): { whole: boolean; all: boolean; objectEnd: number } {
  const next = w[end];
  if (next === undefined || WHOLE_THING.has(next)) {
    return { whole: true, all: next !== undefined && NOTHING_AT_ALL.has(next), objectEnd: end + 1 };
  }
  if (/^(?:the|this|that|my)$/.test(next) && THE_WORK.has(w[end + 1] ?? '')) return { whole: true, all: false, objectEnd: end + 2 };
  return { whole: false, all: false, objectEnd: end };
}

function readClause(c: Clause): Reading {
  const all = cuesIn(c.words);
  // A clause that opens with a phrase of the table ("why not") is that phrase, not a question.
  const question = c.question && !(all[0]?.at === 0 && all[0].end > 1);
  const cues = all.filter((f) => !question || f.cue === 'hedge' || f.cue === 'hesitate');
  const r: Reading = { signals: [], halt: false, noObjection: false, bare: !c.corrects };
  let negation: Found | null = null;
  let lastAffirm = -1;
  /** Words up to here are the object of a negated action ("don't start the run"), not cues of their own. */
  let objectEnd = 0;
  for (const f of cues) {
    if (f.at < objectEnd) continue;
    if (f.cue === 'negate') {
      negation = f;
      continue;
    }
    if (negation && f.cue !== 'please' && f.cue !== 'hesitate') {
      negation = null;
      r.bare = false;
      if (f.cue === 'act') {
        const refused = refusesWholeWork(c.words, f.end);
        if (refused.whole) r.signals.push('no');
        r.halt ||= refused.all;
        objectEnd = refused.objectEnd;
      } else if (f.cue === 'affirm' || f.cue === 'praise') r.signals.push('no');
      else if (f.cue === 'halt' || f.cue === 'hold') r.signals.push('yes');
      else if (f.cue === 'hedge') r.signals.push('unsure');
      continue;
    }
    if (f.cue === 'praise' && f.at > 0 && !PRAISE_AFTER.test(c.words.slice(0, f.at).join(' '))) continue;
    if (f.cue === 'affirm' || f.cue === 'praise') lastAffirm = r.signals.push('yes') - 1;
    else if (f.cue === 'deny') r.signals.push('no');
    else if (f.cue === 'please') r.signals.push('weak_yes');
    else if (f.cue === 'hesitate') r.signals.push('weak_unsure');
    else {
      r.bare = false;
      if (f.cue === 'act') {
        if (r.signals[0] === 'no' && cues[0]!.cue === 'deny' && r.signals.length === 1) r.noObjection = true;
        r.signals.push('yes');
      } else if (f.cue === 'halt') {
        r.signals.push('no');
        r.halt = true;
      } else if (f.cue === 'hold') r.signals.push('no');
      else if (f.cue === 'defer') r.signals.push('defer');
      else if (f.cue === 'hedge') r.signals.push('unsure');
    }
  }
  if (negation) {
    // A negation left over: it turns round a "yes" word right before it ("absolutely not"), else it is a no
    // when nothing but fillers follows it ("please don't", "I won't"); before other words it changes the plan.
    r.bare = false;
    const trailing = c.words.slice(negation.end).filter((x) => !/^(?:please|it|that|so|to|now|thanks)$/.test(x));
    const before = cues[cues.indexOf(negation) - 1]?.cue;
    const turnsRound = lastAffirm >= 0 && lastAffirm === r.signals.length - 1 && (before === 'affirm' || before === 'praise');
    if (turnsRound) r.signals[lastAffirm] = 'no';
    else if (!trailing.length) r.signals.push('no');
  }
  return r;
}

type Verdict = { answer: Answer; decisive: boolean; bare: boolean; halt: boolean } | null;

function verdictOf(r: Reading): Verdict {
  const has = (s: Signal) => r.signals.includes(s);
  const decide = (answer: Answer) => ({ answer, decisive: true, bare: r.bare, halt: r.halt });
  if (has('defer')) return decide('no');
  if (has('unsure')) return decide('unsure');
  if (has('yes') && has('no')) return decide(r.noObjection ? 'yes' : 'unsure');
  if (has('yes')) return decide('yes');
  if (has('no')) return decide('no');
  if (has('weak_unsure')) return { answer: 'unsure', decisive: false, bare: false, halt: false };
  if (has('weak_yes')) return { answer: 'yes', decisive: false, bare: false, halt: false };
  return null;
}

export function readConfirmation(text: string): Confirmation {
  const norm = String(text ?? '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”"]/g, ' ');
  const verdicts = clausesOf(norm)
    .map(readClause)
    .map(verdictOf)
    .filter((v): v is NonNullable<Verdict> => v !== null);
  const decisive = verdicts.filter((v) => v.decisive);
  const last = decisive.at(-1);
  const before = decisive.at(-2);
  let answer: Answer;
  if (last) answer = before && before.bare && last.bare && before.answer !== last.answer ? 'unsure' : last.answer;
  else answer = verdicts.length && verdicts.every((v) => v.answer === 'yes') ? 'yes' : 'unsure';
  return {
    answer,
    stop: answer === 'no' && decisive.some((v) => v.halt),
    retry: answer !== 'no' && RETRY.test(norm),
    status: STATUS.test(norm),
  };
}
