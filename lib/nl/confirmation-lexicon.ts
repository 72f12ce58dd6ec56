/**
 * The words the confirmation reader (confirmation.ts) knows, each with the part it plays in a
 * reply to a yes/no question. Multi-word entries are matched before the words inside them, so
 * "not sure" is a hedge before "not" is a negation, and "no problem" agrees before "no" refuses.
 * Entries are written lower-case with straight apostrophes; the reader normalises the text alike.
 */
export type Cue =
  /** An answer: yes ("yes", "ok", "sounds good", 👍). */
  | 'affirm'
  /** Praise ("great", "perfect"): yes at the start of a clause or after "that's"; elsewhere ("nice weather") nothing. */
  | 'praise'
  /** An answer: no ("no", "nope", "no thanks", "I'd rather not", 👎). */
  | 'deny'
  /** Go on with it ("go ahead", "do it", "run it", "proceed"): yes, or no when negated. */
  | 'act'
  /** Stop altogether ("cancel", "stop", "never mind"): no, and stop. Negated ("don't stop"): yes. */
  | 'halt'
  /** Not yet ("wait", "hold on"): no for now. Negated ("don't wait"): yes. */
  | 'hold'
  /** Not now ("not yet", "later"): no, even after a hedge ("maybe later"). */
  | 'defer'
  /** Doubt ("maybe", "not sure", "I guess"): unsure. */
  | 'hedge'
  /** A filler that decides nothing ("hmm", "erm"): unsure only when nothing else is said. */
  | 'hesitate'
  /** "please" alone is yes; beside anything else it decides nothing ("please don't"). */
  | 'please'
  /** A negation: turns the next cue in the clause round ("don't run it", "don't stop"). */
  | 'negate';

/** Each cue's words, grouped as they are read. */
const WORDS: Array<[Cue, string[]]> = [
  // Agreement spelt with a negation: matched whole, before "no" and "not".
  [
    'affirm',
    [
      "i don't see why not",
      "don't see why not",
      "can't see why not",
      'why not',
      'no problem',
      'no problems',
      'not a problem',
      'no worries',
      'no objection',
      'no objections',
      "don't mind",
      'do not mind',
      'no reason not to',
    ],
  ],
  ['act', ["don't hesitate"]],
  // Doubt, including doubt spelt with a negation.
  [
    'hedge',
    [
      'not sure',
      'not so sure',
      'not certain',
      "don't know",
      'do not know',
      'dunno',
      'no idea',
      'unsure',
      'uncertain',
      'maybe',
      'perhaps',
      'possibly',
      'probably',
      'i guess',
      'i suppose',
      'i think so',
      'guess so',
      'suppose so',
      'let me think',
      'need to think',
      'let me check',
      'not sure yet',
      'kind of',
      'sort of',
      'might',
      'either way',
    ],
  ],
  // Not now.
  [
    'defer',
    [
      'not now',
      'not yet',
      'not today',
      'not right now',
      'not at the moment',
      'later',
      'another time',
      'some other time',
      'hold off',
      'not just yet',
    ],
  ],
  // No.
  [
    'deny',
    [
      "don't think so",
      'do not think so',
      'rather not',
      'prefer not',
      'better not',
      'no thanks',
      'no thank you',
      'not really',
      'not at all',
      'no need',
      "don't want",
      'do not want',
      "don't bother",
      'no way',
      'no',
      'nope',
      'nah',
      'naw',
      'negative',
      'wrong',
      'incorrect',
      '👎',
      '❌',
      '✖',
      '🚫',
      '🙅',
    ],
  ],
  // Stop altogether.
  [
    'halt',
    [
      'cancel',
      'cancel it',
      'abort',
      'stop',
      'halt',
      'never mind',
      'nevermind',
      'forget it',
      'forget about it',
      'scrap it',
      'scratch that',
      'kill it',
      'drop it',
      '🛑',
      '✋',
    ],
  ],
  // Not yet.
  ['hold', ['wait', 'hold on', 'hang on', 'one moment', 'one sec', 'just a sec', 'just a moment', 'give me a moment']],
  // Negations.
  [
    'negate',
    [
      "don't",
      'dont',
      'do not',
      "doesn't",
      'not',
      'never',
      "won't",
      'wont',
      "can't",
      'cannot',
      "shouldn't",
      "mustn't",
      "wouldn't",
      "shan't",
    ],
  ],
  // Go on with it.
  [
    'act',
    [
      'go ahead',
      'go for it',
      'go on',
      'carry on',
      'do it',
      'do that',
      'do so',
      'please do',
      'run it',
      'run that',
      'run them',
      'run',
      'start',
      'start it',
      'proceed',
      'continue',
      'launch',
      'execute',
      'begin',
      'kick it off',
      'kick off',
      "let's go",
      'lets go',
      "let's do it",
      "let's do this",
      'make it so',
      'retry',
      'try again',
      'try it again',
      'rerun',
      're-run',
      'go',
      'do',
      'send it',
      'ship it',
    ],
  ],
  // Yes.
  [
    'affirm',
    [
      'yes',
      'yeah',
      'yea',
      'yep',
      'yup',
      'ya',
      'aye',
      'ok',
      'okay',
      'okey',
      'k',
      'kk',
      'sure',
      'sure thing',
      'alright',
      'all right',
      'absolutely',
      'definitely',
      'certainly',
      'of course',
      'by all means',
      'indeed',
      "that's right",
      'agreed',
      'agree',
      'affirmative',
      'sounds good',
      'sounds great',
      'looks good',
      'looks fine',
      'that works',
      'works for me',
      'happy with that',
      '👍',
      '👌',
      '✅',
      '✔',
      '🙂',
      '🆗',
    ],
  ],
  ['praise', ['fine', 'correct', 'right', 'perfect', 'great', 'good', 'lovely', 'brilliant', 'excellent', 'cool', 'nice']],
  ['please', ['please', 'pls', 'plz']],
  // Fillers.
  ['hesitate', ['hmm', 'hm', 'hmmm', 'um', 'umm', 'erm', 'uh', 'er', 'well', '🤔']],
];

export const LEXICON: ReadonlyArray<readonly [string, Cue]> = WORDS.flatMap(([cue, words]) => words.map((w) => [w, cue] as const));

/** Objects after a negated action that make it a refusal of the whole thing ("don't run it", "don't run anything"). */
export const WHOLE_THING = new Set(['it', 'that', 'this', 'them', 'anything', 'any', 'everything', 'all', 'now', 'yet', 'so']);
/** Objects that make a negated action a refusal of everything: "don't run anything" also stops. */
export const NOTHING_AT_ALL = new Set(['anything', 'any', 'everything', 'all']);
/** Nouns for the proposed work itself: "don't start the run" refuses it; "don't run the sentiment step" only changes it. */
export const THE_WORK = new Set(['run', 'workflow', 'analysis', 'review', 'job', 'check', 'checks', 'runs', 'work', 'pilot']);
