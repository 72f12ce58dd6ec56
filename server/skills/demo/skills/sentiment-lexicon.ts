/**
 * The sentiment skill's lexicon: polarity words, and the cue phrases of the flags it raises.
 * Small on purpose — it covers how the synthetic calls (dataset/script-lines.ts) and ordinary
 * customer speech express these states; it is not a general-purpose sentiment model.
 */
export const POSITIVE = new Set([
  'thank',
  'thanks',
  'great',
  'helpful',
  'happy',
  'clear',
  'good',
  'perfect',
  'kind',
  'pleased',
  'glad',
  'excellent',
  'fine',
  'right',
  'useful',
  'confident',
  'reassuring',
  'lovely',
  'brilliant',
  'appreciate',
]);
export const NEGATIVE = new Set([
  'worried',
  'worry',
  'confused',
  'frustrated',
  'unhappy',
  'concerned',
  'concern',
  'anxious',
  'nervous',
  'scared',
  'stress',
  'stressed',
  'difficult',
  'hard',
  'struggling',
  'tight',
  'sorry',
  'risk',
  'problem',
  'upset',
  'angry',
  'expensive',
  'lost',
]);
/** A negator within the two preceding words flips a polarity word ("not happy", "don't worry"). */
export const NEGATORS = new Set(['not', 'no', 'never', "don't", "isn't", "wasn't", "aren't", "didn't", 'without']);

export type Severity = 'low' | 'medium' | 'high';
export interface FlagCue {
  type: 'vulnerability' | 'confusion' | 'anxiety';
  severity: Severity;
  pattern: RegExp;
}

/** Checked in this order; a sentence raises at most one flag of each type (the first cue that matches). */
export const FLAG_CUES: readonly FlagCue[] = [
  { type: 'vulnerability', severity: 'high', pattern: /passed away|bereave|terminal|can't cope|hard to cope|diagnosed|suicid/i },
  {
    type: 'vulnerability',
    severity: 'medium',
    pattern: /lost my job|made redundant|\bcarer\b|in hospital|mental health|struggling to|debt collectors/i,
  },
  { type: 'vulnerability', severity: 'low', pattern: /money is tight|stretched|behind on (?:my )?(?:bills|payments)/i },
  {
    type: 'confusion',
    severity: 'medium',
    pattern: /don't (?:really )?understand|confused|not sure I follow|lost me|what does .{1,40} mean/i,
  },
  { type: 'confusion', severity: 'low', pattern: /^so I (?:only |just )?.+\?$/i },
  { type: 'anxiety', severity: 'medium', pattern: /anxious|scared|panic|terrified|can't sleep/i },
  { type: 'anxiety', severity: 'low', pattern: /worried|nervous|concerned about|stress/i },
];
