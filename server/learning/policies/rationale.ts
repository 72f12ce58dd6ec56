import { knownAccuracy, knownLatency } from './utility.ts';
import type { Arm } from '../../../lib/exploit-explore.ts';

/**
 * Wording shared by the strategies' rationales. Rates and scores print with three decimals so a
 * reader (or a test) finds the same number in `scores` and in the sentence.
 */

export const fmt = (x: number): string => (x === Infinity ? '∞' : x.toFixed(3));

/** Counts print as integers; fractional (e.g. decayed) counts with two decimals. */
export const count = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** "6 successes and 1 failure, latency 300 ms costing 0.050" — an arm's evidence. */
export function evidence(arm: Arm, cost: number): string {
  const l = knownLatency(arm);
  const lat = l === null ? 'latency unknown (no cost)' : `latency ${Math.round(l)} ms costing ${fmt(cost)}`;
  return (
    `${count(arm.successes)} ${arm.successes === 1 ? 'success' : 'successes'} and ${count(arm.failures)} ` +
    `${arm.failures === 1 ? 'failure' : 'failures'}, ${lat}`
  );
}

/** ", ahead of skill://b at 0.500" for the runner-up `j`, or ", the only arm" when j < 0. */
export const ahead = (arms: Arm[], scores: number[], j: number): string =>
  j < 0 ? ', the only arm' : `, ahead of ${arms[j]!.id} at ${fmt(scores[j]!)}`;

/** " × accuracy 0.930" when the arm's accuracy is measured, else nothing (its success is taken as it is). */
export function accuracyFactor(arm: Arm): string {
  const acc = knownAccuracy(arm);
  return acc === null ? '' : ` × accuracy ${fmt(acc)}`;
}
