import type { Tone } from '@/components/ui/badge';
import type { QaReviewAction, QaReviewStatus, QaVerdict, QaVerdictValue } from './types';
import { andList } from '@/lib/list-words';

/**
 * Words and tones of the QA pages, pure. Scores show as the scoring skill returned them (one
 * decimal at most); times are formatted elsewhere (lib/uk-time: en-GB, Europe/London).
 */

export const STATUS_LABELS: Record<QaReviewStatus, string> = {
  unreviewed: 'Unreviewed',
  in_review: 'In review',
  awaiting_second_signoff: 'Awaiting second sign-off',
  signed_off: 'Signed off',
};
export const STATUS_TONES: Record<QaReviewStatus, Tone> = {
  unreviewed: 'neutral',
  in_review: 'info',
  awaiting_second_signoff: 'warn',
  signed_off: 'ok',
};

export const statusLabel = (s: string) => STATUS_LABELS[s as QaReviewStatus] ?? s;
export const statusTone = (s: string): Tone => STATUS_TONES[s as QaReviewStatus] ?? 'neutral';

export const VERDICT_LABELS: Record<QaVerdictValue, string> = { pass: 'Pass', fail: 'Fail', not_applicable: 'Not applicable' };
export const VERDICT_TONES: Record<QaVerdictValue, Tone> = { pass: 'ok', fail: 'bad', not_applicable: 'neutral' };
export const verdictLabel = (v: string | null | undefined) => (v ? (VERDICT_LABELS[v as QaVerdictValue] ?? v) : '—');

const SCORE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
/** 60 → "60", 16.67 → "16.7"; "—" when there is none. */
export const scoreText = (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? '—' : SCORE.format(n));

/** Text colour of a score by its tone (the big numbers on the queue and the call). */
export const TONE_TEXT: Record<Tone, string> = {
  ok: 'text-emerald-700',
  warn: 'text-amber-700',
  bad: 'text-red-700',
  info: 'text-indigo-700',
  neutral: 'text-slate-500',
};

/** A score's tone by its share of the maximum: 80% and up ok, 60% and up warn, below bad. */
export function scoreTone(score: number | null, max: number | null): Tone {
  if (score === null) return 'neutral';
  const r = score / (max && max > 0 ? max : 100);
  return r >= 0.8 ? 'ok' : r >= 0.6 ? 'warn' : 'bad';
}

/** 68 → "1 min 8 s", 57.9 → "58 s"; "—" when unknown. */
export function durationText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m ? `${m} min ${s % 60} s` : `${s} s`;
}

/** "mandatory_disclosure" → "mandatory disclosure". */
export const categoryText = (c: string | null | undefined) => (c ? c.replace(/_/g, ' ') : '');

/**
 * Why the score is below the sum of its parts, in one plain sentence: "Parts add up to 67, capped
 * at 60 because mandatory disclosure failed (FCA-DISC-01, FCA-DISC-09)." Null without a cap.
 */
type CapDetail = { breakdown_total: number; cap: { value: number; categories: string[]; rule_ids: string[] } | null };
export function capSentence(detail: CapDetail | null): string | null {
  const cap = detail?.cap;
  if (!cap) return null;
  const what = cap.categories.length ? `${andList(cap.categories.map(categoryText))} failed` : 'a capping rule failed';
  const rules = cap.rule_ids.length ? ` (${cap.rule_ids.join(', ')})` : '';
  return `Parts add up to ${scoreText(detail.breakdown_total)}, capped at ${scoreText(cap.value)} because ${what}${rules}.`;
}

/** Why a verdict quotes nothing from the transcript, in words a reviewer can act on. */
export function noEvidenceReason(v: Pick<QaVerdict, 'verdict' | 'quote' | 'evidence'>): string | null {
  if (v.evidence) return null;
  if (v.quote) return `Not found in the transcript: the AI quoted “${v.quote}”, but those words are not in the call.`;
  if (v.verdict === 'fail') return 'Nothing to quote: the required wording is missing.';
  if (v.verdict === 'not_applicable') return 'Nothing to quote: the situation this rule covers does not occur in the call.';
  return 'Nothing to quote: the AI gave no quote for this verdict.';
}

/** One review action in words, for the history: "Overrode FCA-DISC-01 (mandatory): Fail → Pass". */
export function actionText(a: QaReviewAction): string {
  if (a.kind === 'rule') {
    const rule = `${a.rule_id ?? 'a rule'}${a.mandatory ? ' (mandatory)' : ''}`;
    return a.decision === 'override'
      ? `Overrode ${rule}: ${verdictLabel(a.ai_verdict)} → ${verdictLabel(a.human_verdict)}`
      : `Agreed with the AI on ${rule}: ${verdictLabel(a.ai_verdict)}`;
  }
  if (a.kind === 'score') {
    return a.decision === 'override'
      ? `Overrode the score: ${scoreText(a.ai_score)} → ${scoreText(a.human_score)}`
      : `Agreed with the AI score ${scoreText(a.ai_score)}`;
  }
  if (a.kind === 'sign_off') return 'Signed off the call review';
  if (a.kind === 'reanalysis') {
    return a.decision === 'override'
      ? 'Adopted the analysis made after the sign-off (the call is to be reviewed and signed off again)'
      : 'Kept the signed review over the analysis made after the sign-off';
  }
  return 'Commented';
}

/** " (carried from an earlier analysis)" for a decision carried to this analysis, else nothing. */
export const carriedText = (a: QaReviewAction) => (a.carried_from ? ' (carried from an earlier analysis)' : '');

/** "1 call", "4 calls". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
