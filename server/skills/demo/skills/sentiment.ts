import { sentences } from '../text/sentences.ts';
import { FLAG_CUES, NEGATIVE, NEGATORS, POSITIVE, type Severity } from './sentiment-lexicon.ts';
import { stringArg, type SkillTool } from './envelope.ts';

/**
 * sentiment-analysis `analyze_sentiment`: lexicon-based polarity plus vulnerability, confusion and
 * anxiety flags (sentiment-lexicon.ts).
 * - score = (positive − negative) / (positive + negative + 2), rounded to 2 decimals: in (−1, 1),
 *   damped towards 0 when there is little evidence either way; a negator within the two preceding
 *   words flips a polarity word.
 * - overall: Positive above 0.2, Negative below −0.2, else Neutral.
 * - flags: one per sentence and flag type, with the sentence as `excerpt`.
 */
export interface Flag {
  type: string;
  severity: Severity;
  excerpt: string;
}

export function polarity(text: string): { positive: number; negative: number } {
  const words =
    text
      .toLowerCase()
      .replace(/[’]/g, "'")
      .match(/[a-z']+/g) ?? [];
  let positive = 0;
  let negative = 0;
  words.forEach((w, i) => {
    const stem = w.replace(/'s$/, '');
    const sign = POSITIVE.has(stem) ? 1 : NEGATIVE.has(stem) ? -1 : 0;
    if (sign === 0) return;
    const negated = words.slice(Math.max(0, i - 2), i).some((p) => NEGATORS.has(p));
    if (sign > 0 !== negated) positive++;
    else negative++;
  });
  return { positive, negative };
}

export function flagsOf(text: string): Flag[] {
  return sentences(text).flatMap((s) => {
    const seen = new Set<string>();
    return FLAG_CUES.flatMap((cue) => {
      if (seen.has(cue.type) || !cue.pattern.test(s.text)) return [];
      seen.add(cue.type);
      return [{ type: cue.type, severity: cue.severity, excerpt: s.text }];
    });
  });
}

export const analyzeSentiment: SkillTool = (args) => {
  const text = stringArg(args, 'text', true);
  const { positive, negative } = polarity(text);
  const score = Math.round(((positive - negative) / (positive + negative + 2)) * 100) / 100;
  const overall = score > 0.2 ? 'Positive' : score < -0.2 ? 'Negative' : 'Neutral';
  const flags = flagsOf(text);
  const listed = flags.length
    ? `${flags.length} flag${flags.length === 1 ? '' : 's'} (${[...new Set(flags.map((f) => f.type))].join(', ')})`
    : 'no flags';
  return { summary: `Overall ${overall.toLowerCase()} (score ${score}); ${listed}.`, data: { overall, score, flags } };
};
