import { describe, expect, it } from 'vitest';
import { cohenAgreement, fleissAgreement, majorityOf } from './kappa';

const repeat = <T>(x: T, n: number): T[] => Array.from({ length: n }, () => x);

describe('agreement maths against published examples', () => {
  it("Cohen's kappa: 50 proposals read by two readers (20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no): p_o 0.70, p_e 0.50, κ 0.40", () => {
    // The worked example of Wikipedia's "Cohen's kappa" article.
    const pairs = [
      ...repeat(['yes', 'yes'] as const, 20),
      ...repeat(['yes', 'no'] as const, 5),
      ...repeat(['no', 'yes'] as const, 10),
      ...repeat(['no', 'no'] as const, 15),
    ];
    const r = cohenAgreement(pairs);
    expect(r.n).toBe(50);
    expect(r.agreed).toBe(35);
    expect(r.percent).toBeCloseTo(0.7, 10);
    expect(r.kappa).toBeCloseTo(0.4, 10);
  });

  it("Cohen's kappa: same agreement, unbalanced marginals (45/15/25/15 vs 25/35/5/35) give κ 0.1304 and 0.2593", () => {
    // Wikipedia's pair of examples: equal p_o = 0.60, kappa higher where the disagreements are asymmetric.
    const table = (yy: number, yn: number, ny: number, nn: number) => [
      ...repeat(['y', 'y'] as const, yy),
      ...repeat(['y', 'n'] as const, yn),
      ...repeat(['n', 'y'] as const, ny),
      ...repeat(['n', 'n'] as const, nn),
    ];
    expect(cohenAgreement(table(45, 15, 25, 15)).kappa).toBeCloseTo(0.1304, 4);
    expect(cohenAgreement(table(25, 35, 5, 35)).kappa).toBeCloseTo(0.2593, 4);
  });

  it("Fleiss' kappa: Fleiss (1971) as worked on Wikipedia, 10 items, 14 raters, 5 categories: P̄ 0.378, P̄e 0.213, κ 0.210", () => {
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const r = fleissAgreement(counts);
    expect(r).toMatchObject({ n: 10, raters: 14 });
    expect(r.percent).toBeCloseTo(0.378, 3);
    expect(r.kappa).toBeCloseTo(0.21, 3);
  });

  it("two raters: Fleiss' kappa's P̄ is the percent agreement (Fleiss' kappa itself uses pooled marginals, so it differs from Cohen's)", () => {
    const pairs = [
      ['p', 'p'],
      ['p', 'f'],
      ['f', 'f'],
      ['f', 'f'],
      ['p', 'p'],
    ] as const;
    const counts = pairs.map(([a, b]) => ['p', 'f'].map((c) => (a === c ? 1 : 0) + (b === c ? 1 : 0)));
    expect(fleissAgreement(counts).percent).toBeCloseTo(cohenAgreement(pairs).percent!, 10);
    // Pooled: p 5/10, f 5/10 → P̄e 0.5, κ = (0.8 − 0.5)/0.5 = 0.6; Cohen: p_e = 0.6·0.4 + 0.4·0.6 = 0.48 → 0.615.
    expect(fleissAgreement(counts).kappa).toBeCloseTo(0.6, 10);
    expect(cohenAgreement(pairs).kappa).toBeCloseTo(0.32 / 0.52, 10);
  });

  it('kappa is undefined (null) with no items, one rater, or one category used by everyone; percent stays', () => {
    expect(cohenAgreement([])).toEqual({ n: 0, agreed: 0, percent: null, kappa: null });
    expect(
      cohenAgreement([
        ['pass', 'pass'],
        ['pass', 'pass'],
      ] as const),
    ).toMatchObject({ percent: 1, kappa: null });
    expect(fleissAgreement([])).toMatchObject({ n: 0, kappa: null });
    expect(fleissAgreement([[1, 0]])).toMatchObject({ raters: 1, kappa: null });
    expect(
      fleissAgreement([
        [3, 0],
        [3, 0],
      ]),
    ).toMatchObject({ percent: 1, kappa: null });
    expect(() =>
      fleissAgreement([
        [2, 0],
        [1, 0],
      ]),
    ).toThrow(/same raters/);
  });

  it('the majority is the most given answer; a tie has none', () => {
    expect(majorityOf(['pass', 'fail', 'pass'])).toBe('pass');
    expect(majorityOf(['pass', 'fail'])).toBeNull();
    expect(majorityOf([])).toBeNull();
  });
});
