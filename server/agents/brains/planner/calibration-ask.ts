import { hasWord, wordsOf } from './words.ts';

/**
 * A question about calibration sessions (issue 34), read from the user's words without a language
 * model — "how did the last calibration session go?", "what's the agreement on FCA-DISC-02 in the
 * June calibration?", "which calls did reviewers disagree on most?". Which session it is about is
 * NOT decided here: calibration-flow.ts reads the sessions with list_calibration_sessions and
 * resolves the words (a session's name, a period, "last") against them.
 *
 *   summary       how a session went: its overall agreement, the rules and reviewers furthest apart
 *   rule          the agreement on one rule (an id such as FCA-DISC-02, or "rule <words>")
 *   disagreement  the calls the reviewers split on most
 */
export interface CalibrationAsk {
  aspect: 'summary' | 'rule' | 'disagreement';
  /** rule: the rule as said (an id, upper-cased, or the words after "rule"). */
  rule: string | null;
  /** "the last / latest / most recent session": the newest one. */
  newest: boolean;
}

/** A rule id as the rule sets write them: letters, then dash-separated parts, in capitals or with a number (FCA-DISC-02, cd-01). */
const RULE_ID = /\b[A-Za-z]{2,}(?:-[A-Za-z0-9]+)+\b/g;
const ruleIdIn = (text: string) => (text.match(RULE_ID) ?? []).find((t) => t === t.toUpperCase() || /\d/.test(t)) ?? null;
const DISAGREE = ['disagree', 'disagreed', 'disagreement', 'disagreements', 'split', 'differ', 'differed', 'contested'];

/** Whether the message is about calibration: the word itself, or reviewers agreeing or not. */
export function asksCalibration(text: string): boolean {
  const words = wordsOf(text);
  if (words.some((w) => /^calibrat(?:e|ed|ion|ions|ing)$/.test(w))) return true;
  const reviewers = hasWord(words, 'reviewer', 'reviewers');
  return reviewers && (hasWord(words, ...DISAGREE) || words.some((w) => /^agree(?:d|ment|ments)?$/.test(w)));
}

/**
 * The calibration question in `text`, or null when it is not one. `implied`: the message only
 * names a session ("the June calibration"), asking nothing of it — an answer to the Planner's
 * "which session?" first (conversation.ts), a question of its own otherwise.
 */
export function readCalibrationAsk(text: string): (CalibrationAsk & { implied: boolean }) | null {
  if (!asksCalibration(text)) return null;
  const words = wordsOf(text);
  const newest = /\b(?:last|latest|most recent|newest|previous|recent)\b/i.test(text);
  const id = ruleIdIn(text);
  const said = text.match(/\brule\s+(?!set\b)([^?.,;]{2,60}?)(?:\s+(?:in|for|from|of)\s+the\b|[?.,;]|$)/i)?.[1]?.trim() ?? null;
  const rule = id ? id.toUpperCase() : said;
  const calls = hasWord(words, 'call', 'calls', 'conversation', 'conversations');
  const aspect = hasWord(words, ...DISAGREE) && (calls || !rule) ? 'disagreement' : rule ? 'rule' : 'summary';
  const asks =
    /\?\s*$/.test(text.trim()) ||
    hasWord(
      words,
      'how',
      'what',
      'which',
      'who',
      'show',
      'tell',
      'give',
      'agreement',
      'kappa',
      'results',
      'go',
      'went',
      'summary',
      'summarise',
    );
  return { aspect, rule, newest, implied: !asks && aspect === 'summary' };
}
