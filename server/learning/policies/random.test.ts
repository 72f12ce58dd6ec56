import { describe, expect, it } from 'vitest';
import { openUniform, seededRandom } from './random.ts';

describe('seededRandom', () => {
  it('repeats its sequence for the same seed and differs across seeds', () => {
    const take = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
  });

  it('gives uniforms on [0, 1) with mean ½ and variance 1/12', () => {
    const r = seededRandom(7);
    const xs = Array.from({ length: 50_000 }, r);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length;
    expect(mean).toBeCloseTo(0.5, 2);
    expect(variance).toBeCloseTo(1 / 12, 2);
  });

  it('openUniform never gives 0, so its logarithm is finite', () => {
    expect(openUniform(() => 0)).toBe(1);
    expect(Math.log(openUniform(() => 0.999999))).toBeGreaterThan(-Infinity);
  });
});
