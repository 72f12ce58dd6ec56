import { describe, expect, it } from 'vitest';
import {
  accuracyBasis,
  accuracyVerdict,
  formatAccuracy,
  formatLatency,
  formatRate,
  totalUses,
  trendTotals,
  usesText,
} from './reliability-format';

describe('reliability formatting', () => {
  it('shows rates as percentages, or a dash without uses', () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0.975)).toBe('97.5%');
    expect(formatRate(2 / 3)).toBe('66.7%');
    expect(formatRate(0)).toBe('0%');
  });

  it('shows latencies in ms below a second and in seconds above', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(849.6)).toBe('850 ms');
    expect(formatLatency(2340)).toBe('2.3 s');
    expect(formatLatency(120_000)).toBe('120 s');
  });

  it('counts uses in words', () => {
    expect(usesText({ n_success: 1, n_failures: 0 })).toBe('1 success, 0 failures');
    expect(usesText({ n_success: 2, n_failures: 1 })).toBe('2 successes, 1 failure');
    expect(totalUses({ n_success: 2, n_failures: 1 })).toBe(3);
  });

  it('sums a trend', () => {
    expect(trendTotals([])).toEqual({ n_success: 0, n_failures: 0 });
    expect(
      trendTotals([
        { start: 'a', n_success: 1, n_failures: 2, n_caller_errors: 0 },
        { start: 'b', n_success: 3, n_failures: 0, n_caller_errors: 1 },
      ]),
    ).toEqual({ n_success: 4, n_failures: 2 });
  });

  it('shows a measured accuracy with its basis in UK time, and says when there is none', () => {
    const a = {
      accuracy: 0.4755,
      word_error_rate: 0.5245,
      calls: 1,
      reference_words: 143,
      measured_at: '2026-07-29T13:21:50.717Z',
      method: 'word error rate over 1 demo call',
    };
    expect(formatAccuracy(a)).toBe('47.6%');
    expect(formatAccuracy(null)).toBe('not measured');
    // 13:21 UTC is 14:21 in London in summer.
    expect(accuracyBasis(a)).toBe('word error rate over 1 demo call: 0.52 over 143 words, measured 29 Jul 2026, 14:21');
  });

  it('says what keeps a skill out of swaps: not measured yet where accuracy is needed, or below the floor', () => {
    const at = (accuracy: number) => ({
      accuracy,
      word_error_rate: 1 - accuracy,
      calls: 3,
      reference_words: 466,
      measured_at: '',
      method: 'm',
    });
    expect(accuracyVerdict(null, true, 0.8)).toBe('not measured yet: no run swaps to this skill until the console has calibrated it');
    expect(accuracyVerdict(null, false, 0.8)).toBeNull(); // a CRM lookup has no accuracy to measure
    expect(accuracyVerdict(at(0.56), true, 0.8)).toBe('below the 80% floor: no run swaps to this skill');
    expect(accuracyVerdict(at(0.8), true, 0.8)).toBeNull();
    expect(accuracyVerdict(at(1), true, 0.8)).toBeNull();
  });
});
