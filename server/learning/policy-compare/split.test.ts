import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { swapStrategy } from '../../execution/skill-choice.ts';
import { splitStrategy, type PolicySplit } from './split.ts';

/** The live split (DCF_POLICY_SPLIT): its configuration and how it routes each swap decision. */

const SPLIT: PolicySplit = ['UCB', 'ThompsonSampling'];

describe('the live split', () => {
  it('routes a decision by the lowest bit of sha256(run id, NUL, state): always to the same strategy', () => {
    for (let i = 0; i < 50; i++) {
      const [run, state] = [`run-${i}`, i % 2 ? 'Transcribe' : 'Score[3]'];
      const bit = createHash('sha256').update(`${run}\u0000${state}`).digest()[0]! & 1;
      expect(splitStrategy(SPLIT, run, state)).toBe(SPLIT[bit]);
      expect(splitStrategy(SPLIT, run, state)).toBe(splitStrategy(SPLIT, run, state));
    }
    // Run and state are kept apart: ("ab", "c") is not ("a", "bc").
    const a = Array.from({ length: 64 }, (_, i) => splitStrategy(SPLIT, `r${i}ab`, 'c'));
    const b = Array.from({ length: 64 }, (_, i) => splitStrategy(SPLIT, `r${i}a`, 'bc'));
    expect(a).not.toEqual(b);
  });

  it('shares decisions about evenly between the two strategies', () => {
    const n = 4_000;
    const ucb = Array.from({ length: n }, (_, i) => splitStrategy(SPLIT, `run-${i}`, 'Transcribe')).filter((s) => s === 'UCB');
    // Binomial(4 000, 1/2): sd ≈ 32; within 5 of them.
    expect(Math.abs(ucb.length - n / 2)).toBeLessThan(160);
  });

  it('is read from DCF_POLICY_SPLIT: two different strategies, or empty / unset for none', () => {
    expect(loadConfig({}).policySplit).toBeNull();
    expect(loadConfig({ DCF_POLICY_SPLIT: '' }).policySplit).toBeNull();
    expect(loadConfig({ DCF_POLICY_SPLIT: ' UCB , ThompsonSampling ' }).policySplit).toEqual(['UCB', 'ThompsonSampling']);
    expect(loadConfig({ DCF_POLICY_SPLIT: 'Greedy:ThompsonSampling' }).policySplit).toEqual(['Greedy', 'ThompsonSampling']);
    const bads = ['UCB', 'UCB,UCB', 'UCB,Softmax', 'Greedy,UCB,ThompsonSampling', ',', 'Greedy:Thompson', 'UCB;Greedy'];
    for (const bad of bads) {
      expect(() => loadConfig({ DCF_POLICY_SPLIT: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DCF_POLICY_SPLIT: 'UCB' })).toThrow(/DCF_POLICY_SPLIT \("UCB"\): must be two different strategies/);
  });

  it('decides each swap: the split’s strategy when set (marked as split), else DCF_SKILL_POLICY', () => {
    const decision = { runId: 'run-7', state: 'Transcribe' };
    expect(swapStrategy({ skillPolicy: 'Greedy', policySplit: null }, decision)).toEqual({ strategy: 'Greedy', split: false });
    expect(swapStrategy({ skillPolicy: 'Greedy', policySplit: SPLIT }, decision)).toEqual({
      strategy: splitStrategy(SPLIT, 'run-7', 'Transcribe'),
      split: true,
    });
  });
});
