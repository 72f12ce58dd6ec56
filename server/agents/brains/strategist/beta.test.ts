import { describe, expect, it } from 'vitest';
import { asConfidence, posteriorMean, probabilityBelow, probabilityBetter, type Counts } from './beta.ts';

/** The Beta(1+s, 1+f) density, unnormalised, and a Simpson integration: an independent check of the closed forms. */
const density = (c: Counts) => (p: number) => p ** c.successes * (1 - p) ** c.failures;
function integrate(f: (x: number) => number, a: number, b: number, n = 2000): number {
  const h = (b - a) / n;
  let s = f(a) + f(b);
  for (let i = 1; i < n; i++) s += f(a + i * h) * (i % 2 ? 4 : 2);
  return (s * h) / 3;
}
const cdf = (c: Counts) => {
  const z = integrate(density(c), 0, 1);
  return (x: number) => integrate(density(c), 0, x) / z;
};
/** P(p_b > p_a) = ∫ f_b(x) · F_a(x) dx. */
function numericBetter(b: Counts, a: Counts): number {
  const Fa = cdf(a);
  const zb = integrate(density(b), 0, 1);
  return integrate((x) => (density(b)(x) / zb) * Fa(x), 0, 1, 400);
}

describe('Beta posteriors of success rates', () => {
  it('has the known closed forms', () => {
    expect(probabilityBetter({ successes: 0, failures: 0 }, { successes: 0, failures: 0 })).toBeCloseTo(0.5, 12);
    for (const f of [1, 2, 3, 7])
      expect(probabilityBetter({ successes: 0, failures: 0 }, { successes: 0, failures: f })).toBeCloseTo((1 + f) / (2 + f), 12);
    expect(posteriorMean({ successes: 3, failures: 1 })).toBeCloseTo(4 / 6, 12);
    // Beta(1,1) is uniform: P(p < x) = x.
    expect(probabilityBelow({ successes: 0, failures: 0 }, 0.3)).toBeCloseTo(0.3, 12);
    // Beta(1, 1+f): P(p < x) = 1 − (1−x)^(1+f).
    expect(probabilityBelow({ successes: 0, failures: 3 }, 0.5)).toBeCloseTo(1 - 0.5 ** 4, 12);
  });

  it('agrees with numerical integration', () => {
    const cases: Array<[Counts, Counts]> = [
      [
        { successes: 5, failures: 0 },
        { successes: 0, failures: 2 },
      ],
      [
        { successes: 4, failures: 1 },
        { successes: 2, failures: 3 },
      ],
      [
        { successes: 10, failures: 2 },
        { successes: 9, failures: 4 },
      ],
      [
        { successes: 1, failures: 6 },
        { successes: 3, failures: 1 },
      ],
    ];
    for (const [b, a] of cases) expect(probabilityBetter(b, a)).toBeCloseTo(numericBetter(b, a), 5);
    for (const c of [
      { successes: 4, failures: 2 },
      { successes: 0, failures: 5 },
      { successes: 12, failures: 9 },
    ]) {
      for (const x of [0.25, 0.5, 0.8]) expect(probabilityBelow(c, x)).toBeCloseTo(cdf(c)(x), 5);
    }
  });

  it('is symmetric and treats nonsense counts as none', () => {
    const a = { successes: 3, failures: 4 };
    const b = { successes: 6, failures: 1 };
    expect(probabilityBetter(a, b) + probabilityBetter(b, a)).toBeCloseTo(1, 12);
    expect(probabilityBetter({ successes: -3, failures: Number.NaN }, { successes: 0, failures: 0 })).toBeCloseTo(0.5, 12);
    expect(asConfidence(0.79995)).toBe(0.8);
    expect(asConfidence(2 / 3)).toBe(0.667);
  });
});
