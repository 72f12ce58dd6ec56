import { isObject } from '../json.ts';
import { STATES } from './states-error.ts';
import type { AslState, RandomSource } from './types.ts';

/**
 * Whether a retrier's or catcher's ErrorEquals matches an error name. Decisions (the spec wins
 * over AWS where they differ):
 * - `States.ALL` matches every error name, States.Runtime included. The spec defines it as "a
 *   wildcard which matches any Error Name" with no exception; AWS's service additionally refuses
 *   to retry or catch States.Runtime and States.DataLimitExceeded, which we do not copy.
 * - `States.TaskFailed` matches every error except the timeouts (spec: "any known error name
 *   except for States.Timeout"). States.HeartbeatTimeout counts as a timeout here, because the
 *   spec defines States.Timeout as covering a missed heartbeat; for the same reason
 *   `States.Timeout` in ErrorEquals also matches States.HeartbeatTimeout.
 * - Any other name matches exactly (case-sensitive).
 */
export function errorMatches(errorEquals: string[], error: string): boolean {
  const isTimeout = error === STATES.Timeout || error === STATES.HeartbeatTimeout;
  return errorEquals.some(
    (name) =>
      name === STATES.ALL ||
      name === error ||
      (name === STATES.TaskFailed && !isTimeout) ||
      (name === STATES.Timeout && error === STATES.HeartbeatTimeout),
  );
}

export type RetryDecision =
  { retry: true; retrierIndex: number; delayMs: number; retryCounts: number[] } | { retry: false; retryCounts: number[] };

const DEFAULTS = { IntervalSeconds: 1, MaxAttempts: 3, BackoffRate: 2.0 };

/**
 * Retry: the first retrier (in order) whose ErrorEquals matches decides alone — when its
 * MaxAttempts are used up the error is not retried, even if a later retrier would match (spec).
 * `retryCounts[i]` is how many retries retrier i already made in this state (missing = 0); the
 * returned counts include this decision. The delay before retry n (0-based) is
 * IntervalSeconds × BackoffRate^n, capped at MaxDelaySeconds, then with JitterStrategy FULL a
 * uniformly random fraction of that (`random()` in [0, 1)); rounded to whole milliseconds.
 * The counters reset when the state is left; keeping them per state visit is the caller's job.
 */
export function decideRetry(state: AslState, error: string, retryCounts: number[], random: RandomSource = Math.random): RetryDecision {
  const retriers = Array.isArray(state.Retry) ? state.Retry : [];
  const counts = retriers.map((_, i) => retryCounts[i] ?? 0);
  const index = retriers.findIndex((r) => isObject(r) && errorMatches(names(r.ErrorEquals), error));
  const retrier = retriers[index] as Record<string, unknown> | undefined;
  if (!retrier) return { retry: false, retryCounts: counts };
  const done = counts[index]!;
  if (done >= number(retrier.MaxAttempts, DEFAULTS.MaxAttempts)) return { retry: false, retryCounts: counts };
  let seconds = number(retrier.IntervalSeconds, DEFAULTS.IntervalSeconds) * number(retrier.BackoffRate, DEFAULTS.BackoffRate) ** done;
  if (typeof retrier.MaxDelaySeconds === 'number') seconds = Math.min(seconds, retrier.MaxDelaySeconds);
  if (retrier.JitterStrategy === 'FULL') seconds *= random();
  counts[index] = done + 1;
  return { retry: true, retrierIndex: index, delayMs: Math.round(seconds * 1000), retryCounts: counts };
}

export function names(errorEquals: unknown): string[] {
  return Array.isArray(errorEquals) ? errorEquals.filter((n): n is string => typeof n === 'string') : [];
}

function number(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
