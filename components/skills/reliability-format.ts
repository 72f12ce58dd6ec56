import { ukDateTime } from '@/lib/uk-time';
import type { Accuracy, Reliability, TrendBucket } from './reliability-types';

/** A rate in [0, 1] as a percentage ("97.5%", "100%"); "—" when there were no uses. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  const pct = Math.round(rate * 1000) / 10;
  return `${pct}%`;
}

/** A latency: milliseconds below a second ("850 ms"), seconds above ("2.3 s", "95 s"); "—" when unknown. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${s < 10 ? Math.round(s * 10) / 10 : Math.round(s)} s`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 success, 2 failures". */
export function usesText(r: Pick<Reliability, 'n_success' | 'n_failures'>): string {
  return `${plural(r.n_success, 'success', 'successes')}, ${plural(r.n_failures, 'failure', 'failures')}`;
}

export const totalUses = (r: Pick<Reliability, 'n_success' | 'n_failures'>) => r.n_success + r.n_failures;

/** Sums of a trend (the sparkline's accessible summary). */
export function trendTotals(trend: readonly TrendBucket[]): { n_success: number; n_failures: number } {
  return trend.reduce((t, b) => ({ n_success: t.n_success + b.n_success, n_failures: t.n_failures + b.n_failures }), {
    n_success: 0,
    n_failures: 0,
  });
}

/** A measured accuracy as a percentage of words ("47.6%"); "not measured" when there is none. */
export const formatAccuracy = (a: Accuracy): string => (a ? formatRate(a.accuracy) : 'not measured');

/**
 * What a skill's accuracy means for the swap policy, when it keeps the skill out: not measured yet
 * (its capability needs a figure first) or measured below `floor`. Null when the skill may be chosen.
 */
export function accuracyVerdict(a: Accuracy, required: boolean, floor: number): string | null {
  if (!a) return required ? 'not measured yet: no run swaps to this skill until the console has calibrated it' : null;
  return a.accuracy < floor ? `below the ${formatRate(floor)} floor: no run swaps to this skill` : null;
}

/**
 * How an accuracy was measured, after the method's own words: "word error rate over 1 demo call (…)
 * against …: 0.52 over 143 words, measured 29 Nov 2026, 14:21" (UK time).
 */
export function accuracyBasis(a: NonNullable<Accuracy>): string {
  return `${a.method}: ${a.word_error_rate.toFixed(2)} over ${plural(a.reference_words, 'word', 'words')}, measured ${ukDateTime(a.measured_at)}`;
}
