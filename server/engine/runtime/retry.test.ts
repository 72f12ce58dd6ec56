import { describe, expect, it } from 'vitest';
import { decideRetry, errorMatches } from './retry.ts';
import type { AslState } from './types.ts';

describe('errorMatches', () => {
  it.each([
    [['States.ALL'], 'Custom.Error', true],
    [['States.ALL'], 'States.Runtime', true],
    [['States.ALL'], 'States.Timeout', true],
    [['States.ALL'], '', true],
    [['States.TaskFailed'], 'Custom.Error', true],
    [['States.TaskFailed'], 'States.Permissions', true],
    [['States.TaskFailed'], 'States.Timeout', false],
    [['States.TaskFailed'], 'States.HeartbeatTimeout', false],
    [['States.Timeout'], 'States.Timeout', true],
    [['States.Timeout'], 'States.HeartbeatTimeout', true],
    [['States.HeartbeatTimeout'], 'States.Timeout', false],
    [['States.Timeout'], 'States.TaskFailed', false],
    [['Custom.A', 'Custom.B'], 'Custom.B', true],
    [['Custom.A'], 'custom.a', false],
    [['Custom.A'], 'Custom.AB', false],
    [[], 'Custom.A', false],
  ])('%j matches %j: %s', (errorEquals, error, expected) => {
    expect(errorMatches(errorEquals, error)).toBe(expected);
  });
});

/** Feeds the same error to decideRetry until it stops retrying; returns the delays. */
function delays(state: AslState, error: string, random?: () => number): number[] {
  const out: number[] = [];
  let counts: number[] = [];
  for (let i = 0; i < 20; i++) {
    const decision = decideRetry(state, error, counts, random);
    counts = decision.retryCounts;
    if (!decision.retry) return out;
    out.push(decision.delayMs);
  }
  throw new Error('never stopped retrying');
}

const retry = (...retriers: Array<Record<string, unknown>>): AslState => ({ Type: 'Task', Retry: retriers });

describe('decideRetry back-off', () => {
  it.each([
    ['defaults: 1 s, ×2, 3 attempts', retry({ ErrorEquals: ['States.ALL'] }), [1000, 2000, 4000]],
    ['IntervalSeconds and BackoffRate', retry({ ErrorEquals: ['E'], IntervalSeconds: 3, BackoffRate: 1.5 }), [3000, 4500, 6750]],
    ['BackoffRate 1 keeps the interval', retry({ ErrorEquals: ['E'], IntervalSeconds: 5, BackoffRate: 1, MaxAttempts: 2 }), [5000, 5000]],
    [
      'MaxDelaySeconds caps',
      retry({ ErrorEquals: ['E'], IntervalSeconds: 2, BackoffRate: 3, MaxAttempts: 5, MaxDelaySeconds: 30 }),
      [2000, 6000, 18000, 30000, 30000],
    ],
    ['MaxAttempts 0 never retries', retry({ ErrorEquals: ['E'], MaxAttempts: 0 }), []],
    ['JitterStrategy NONE is the plain delay', retry({ ErrorEquals: ['E'], MaxAttempts: 2, JitterStrategy: 'NONE' }), [1000, 2000]],
    ['an error no retrier matches', retry({ ErrorEquals: ['Other'] }), []],
    ['no Retry field', { Type: 'Task' }, []],
  ])('%s', (_name, state, expected) => {
    expect(delays(state, 'E', () => 0.5)).toEqual(expected);
  });

  it('FULL jitter takes a random fraction of the capped delay', () => {
    const state = retry({
      ErrorEquals: ['E'],
      IntervalSeconds: 2,
      BackoffRate: 3,
      MaxAttempts: 4,
      MaxDelaySeconds: 30,
      JitterStrategy: 'FULL',
    });
    expect(delays(state, 'E', () => 0.5)).toEqual([1000, 3000, 9000, 15000]);
    expect(delays(state, 'E', () => 0)).toEqual([0, 0, 0, 0]);
    expect(delays(state, 'E', () => 0.25)).toEqual([500, 1500, 4500, 7500]);
  });

  it('States.ALL retries States.Runtime (spec, not AWS)', () => {
    expect(delays(retry({ ErrorEquals: ['States.ALL'], MaxAttempts: 1 }), 'States.Runtime')).toEqual([1000]);
  });

  it('States.TaskFailed does not retry a timeout', () => {
    expect(delays(retry({ ErrorEquals: ['States.TaskFailed'] }), 'States.Timeout')).toEqual([]);
  });
});

describe('decideRetry retriers', () => {
  const state = retry({ ErrorEquals: ['A'], MaxAttempts: 1, IntervalSeconds: 7 }, { ErrorEquals: ['States.ALL'], MaxAttempts: 2 });

  it('the first matching retrier decides, with its own counter', () => {
    expect(decideRetry(state, 'A', [])).toEqual({ retry: true, retrierIndex: 0, delayMs: 7000, retryCounts: [1, 0] });
    expect(decideRetry(state, 'B', [1, 0])).toEqual({ retry: true, retrierIndex: 1, delayMs: 1000, retryCounts: [1, 1] });
    expect(decideRetry(state, 'B', [1, 1])).toEqual({ retry: true, retrierIndex: 1, delayMs: 2000, retryCounts: [1, 2] });
    expect(decideRetry(state, 'B', [1, 2])).toEqual({ retry: false, retryCounts: [1, 2] });
  });

  it('an exhausted first match does not fall through to a later retrier', () => {
    expect(decideRetry(state, 'A', [1, 0])).toEqual({ retry: false, retryCounts: [1, 0] });
  });

  it('does not modify the counts it was given', () => {
    const counts = [0, 0];
    decideRetry(state, 'A', counts);
    expect(counts).toEqual([0, 0]);
  });
});
