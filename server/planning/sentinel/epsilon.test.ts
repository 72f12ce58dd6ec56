import { describe, expect, it } from 'vitest';
import { epsilonBound, epsilonFindings } from './epsilon.ts';
import { arm, choice, input, plan } from './testing/fixtures.ts';

const A = 'skill://whisper-transcribe@1.0.0';
const B = 'skill://assemblyai-transcribe@1.0.0';
const arms = [arm(A, 30, 0), arm(B, 0, 30)]; // Greedy takes A

/** n decisions, of which the first k chose the non-greedy B. */
const decisions = (n: number, k: number) => Array.from({ length: n }, (_, i) => choice(`rec-${i}`, i < k ? B : A, arms));
const judge = (n: number, k: number, explorationRate?: number) =>
  epsilonFindings(
    input({
      plan: plan({ executionState: 'Complete', policy: { strategy: 'EpsilonGreedy', explorationRate } }),
      choices: decisions(n, k),
    }),
  );

describe('epsilonBound', () => {
  it('is n·ε + 3·sqrt(n·ε·(1 − ε)) + 1', () => {
    expect(epsilonBound(10, 0.1)).toBeCloseTo(1 + 3 * Math.sqrt(0.9) + 1, 12); // 4.846
    expect(epsilonBound(100, 0.1)).toBeCloseTo(20, 12);
    expect(epsilonBound(7, 0)).toBe(1);
  });

  /** P(X ≥ k) for X ~ Binomial(n, p), exactly (log-space terms). */
  const tail = (n: number, p: number, k: number): number => {
    const lnFact = [0];
    for (let i = 1; i <= n; i++) lnFact.push(lnFact[i - 1]! + Math.log(i));
    let s = 0;
    for (let i = k; i <= n; i++) s += Math.exp(lnFact[n]! - lnFact[i]! - lnFact[n - i]! + i * Math.log(p) + (n - i) * Math.log(1 - p));
    return s;
  };

  it('flags an honest chooser rarely: the binomial tail beyond it stays under 0.4 % for n ≤ 300', () => {
    let worst = 0;
    for (const rate of [0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9])
      for (let n = 1; n <= 300; n++) worst = Math.max(worst, tail(n, rate, Math.floor(epsilonBound(n, rate)) + 1));
    expect(worst).toBeGreaterThan(0.001); // the bound is about three standard deviations, not far more
    expect(worst).toBeLessThan(0.004);
  });
});

describe('PolicyViolation: EpsilonGreedy over the plan', () => {
  it('is not found within the bound (4 of 10 at the default rate 0.1)', () => {
    expect(judge(10, 4)).toEqual([]);
    expect(judge(1, 1)).toEqual([]);
    expect(judge(0, 0)).toEqual([]);
  });

  it('is found past the bound, naming the last non-greedy choice and resting on all of them', () => {
    const found = judge(10, 5);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      key: `${plan().planId}:PolicyViolation:epsilon-greedy`,
      when: 'end',
      message:
        'The EpsilonGreedy plan (explorationRate 0.1) took a non-greedy arm in 5 of 10 skill choices, more ' +
        'than the 4.85 its rate allows (n·ε + 3·√(n·ε·(1 − ε)) + 1); the last: ' +
        `${B} for transcription, where Greedy takes ${A}.`,
      detail: { type: 'PolicyViolation', strategy: 'EpsilonGreedy', chosen: B, expected: [A] },
      evidence: ['rec-0', 'rec-1', 'rec-2', 'rec-3', 'rec-4'],
    });
  });

  it("reads the plan's explorationRate", () => {
    expect(judge(10, 5, 0.5)).toEqual([]);
    expect(judge(10, 1, 0)).toEqual([]);
    expect(judge(10, 2, 0)).toHaveLength(1);
  });

  it('does not apply to other strategies', () => {
    const greedy = input({ plan: plan({ policy: { strategy: 'Greedy' } }), choices: decisions(10, 10) });
    expect(epsilonFindings(greedy)).toEqual([]);
  });

  it('counts only judged choices: handed skills are not decisions', () => {
    const handed = input({
      plan: plan({ given_skills: [B], policy: { strategy: 'EpsilonGreedy' } }),
      choices: decisions(10, 10),
    });
    expect(epsilonFindings(handed)).toEqual([]);
  });
});
