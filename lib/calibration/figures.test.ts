import { describe, expect, it } from 'vitest';
import { calibrationCsv } from './csv';
import { calibrationFigures, type AnswerOf } from './figures';
import type { CalibrationAnswerValue } from './session';

const RULES = [
  { rule_id: 'R1', rule: 'Greets', category: null, mandatory: false },
  { rule_id: 'R2', rule: 'Discloses', category: null, mandatory: true },
];
const CALLS = ['c1', 'c2', 'c3'].map((id) => ({
  qaResultId: id,
  callId: `REC-${id}`,
  ai: { R1: 'pass', R2: 'pass' } as Record<string, CalibrationAnswerValue>,
}));
const REVIEWERS = [
  { id: 'a', label: 'ann' },
  { id: 'b', label: 'bob' },
  { id: 'c', label: 'cat' },
];
/** answers[reviewer] = [c1R1, c1R2, c2R1, c2R2, c3R1, c3R2] */
const given: Record<string, CalibrationAnswerValue[]> = {
  a: ['pass', 'fail', 'pass', 'pass', 'pass', 'fail'],
  b: ['pass', 'fail', 'pass', 'pass', 'pass', 'pass'],
  c: ['pass', 'pass', 'pass', 'pass', 'pass', 'fail'],
};
const answers: AnswerOf[] = Object.entries(given).flatMap(([rv, xs]) =>
  xs.map((answer, i) => ({ reviewerId: rv, qaResultId: CALLS[Math.floor(i / 2)]!.qaResultId, ruleId: RULES[i % 2]!.rule_id, answer })),
);

describe('calibration figures (3 calls × 2 rules, 3 reviewers, the AI passing everything)', () => {
  const f = calibrationFigures({ rules: RULES, calls: CALLS, reviewers: REVIEWERS, answers });

  it('per rule: R1 unanimous (percent 1, kappa undefined: one category); R2 split on c1 and c3', () => {
    expect(f.rules[0]).toMatchObject({ rule_id: 'R1', n: 3, percent: 1, kappa: null, thin: true });
    // R2 items: c1 [pass 1, fail 2], c2 [3, 0], c3 [1, 2] → P_i 1/3, 1, 1/3 → P̄ 5/9; p_pass 5/9, p_fail 4/9 → P̄e 41/81.
    expect(f.rules[1]!.percent).toBeCloseTo(5 / 9, 3);
    expect(f.rules[1]!.kappa).toBeCloseTo((5 / 9 - 41 / 81) / (1 - 41 / 81), 3);
    // The majority failed R2 on c1 and c3, the AI passed them: 1 of 3 agree, kappa 0 (AI marginal all pass).
    expect(f.rules[1]!.ai_vs_majority).toMatchObject({ n: 3, percent: 0.333, kappa: 0 });
  });

  it('per reviewer: against the AI, the others and the majority of the others, over the 6 items', () => {
    const ann = f.reviewers.find((r) => r.label === 'ann')!;
    expect(ann.vs_ai).toMatchObject({ n: 6, percent: 0.667, thin: true });
    expect(ann.vs_reviewers.map((o) => [o.label, o.percent])).toEqual([
      ['bob', 0.833],
      ['cat', 0.833],
    ]);
    // Bob and Cat tie on c1R2 and c3R2 (no majority): Ann is compared on the 4 other items, all agreed.
    expect(ann.vs_majority).toMatchObject({ n: 4, percent: 1 });
  });

  it('calls with most disagreement first; a call nobody split on last', () => {
    expect(f.calls.map((c) => [c.call_id, c.split_rules])).toEqual([
      ['REC-c1', 1],
      ['REC-c3', 1],
      ['REC-c2', 0],
    ]);
    expect(f.calls[0]!.rules[1]).toEqual({ rule_id: 'R2', ai: 'pass', answers: { ann: 'fail', bob: 'fail', cat: 'pass' } });
  });

  it('the CSV carries the same figures, thin marked, and every answer', () => {
    const csv = calibrationCsv({ name: 'Nov', id: 's1' }, f);
    expect(csv).toContain(`rule,R2,reviewers,3,${f.rules[1]!.percent},${f.rules[1]!.kappa},fleiss,yes\r\n`);
    expect(csv).toContain('reviewer,ann,bob,6,0.833,');
    expect(csv).toContain('REC-c1,R2,pass,fail,fail,pass,1,');
  });
});
