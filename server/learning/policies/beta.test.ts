import { describe, expect, it } from 'vitest';
import { sampleBeta, sampleGamma, sampleNormal } from './beta.ts';
import { seededRandom } from './random.ts';

const N = 40_000;
function moments(draw: () => number): { mean: number; variance: number; min: number; max: number } {
  const xs = Array.from({ length: N }, draw);
  const mean = xs.reduce((s, x) => s + x, 0) / N;
  return { mean, variance: xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (N - 1), min: Math.min(...xs), max: Math.max(...xs) };
}

describe('sampleNormal', () => {
  it('is standard normal: mean 0, variance 1', () => {
    const r = seededRandom(1);
    const m = moments(() => sampleNormal(r));
    expect(Math.abs(m.mean)).toBeLessThan(0.02);
    expect(m.variance).toBeCloseTo(1, 1);
  });
});

describe('sampleGamma (Marsaglia–Tsang)', () => {
  it.each([0.3, 1, 2.5, 10, 101])('Gamma(%s, 1) has mean and variance equal to its shape', (k) => {
    const r = seededRandom(Math.round(k * 100));
    const m = moments(() => sampleGamma(k, r));
    expect(m.min).toBeGreaterThanOrEqual(0);
    expect(Math.abs(m.mean - k) / k).toBeLessThan(0.03);
    expect(Math.abs(m.variance - k) / k).toBeLessThan(0.06);
  });

  it('rejects a shape that is not positive', () => {
    for (const k of [0, -1, NaN, Infinity]) expect(() => sampleGamma(k, Math.random)).toThrow(RangeError);
  });
});

describe('sampleBeta', () => {
  it.each([
    [1, 1],
    [2, 5],
    [8, 4],
    [0.5, 0.5],
    [31, 71],
    [1, 200],
  ])('Beta(%s, %s) has mean a/(a+b) and variance ab/((a+b)²(a+b+1))', (a, b) => {
    const r = seededRandom(a * 1000 + b);
    const m = moments(() => sampleBeta(a, b, r));
    const mean = a / (a + b);
    const variance = (a * b) / ((a + b) ** 2 * (a + b + 1));
    expect(m.min).toBeGreaterThanOrEqual(0);
    expect(m.max).toBeLessThanOrEqual(1);
    expect(Math.abs(m.mean - mean)).toBeLessThan(0.005);
    expect(Math.abs(m.variance - variance) / variance).toBeLessThan(0.06);
  });

  it('is driven only by the injected random: same seed, same draws', () => {
    const draws = (seed: number) => {
      const r = seededRandom(seed);
      return Array.from({ length: 10 }, () => sampleBeta(3, 9, r));
    };
    expect(draws(5)).toEqual(draws(5));
  });
});
