import { describe, expect, it } from 'vitest';
import { runSkillTool } from './envelope.ts';
import { calculateScore, score } from './scoring.ts';
import { parseFormula, readFormulaDocument } from './scoring-formula.ts';

const DOC = readFormulaDocument('qa_scoring_formula_v3');
const sentiment = {
  overall: 'Positive',
  score: 0.5,
  flags: [
    { type: 'confusion', severity: 'low', excerpt: 'a' },
    { type: 'anxiety', severity: 'medium', excerpt: 'b' },
    { type: 'vulnerability', severity: 'high', excerpt: 'c' },
    { type: 'unlisted', severity: 'high', excerpt: 'd' },
  ],
};
const v = (verdict: string, category = 'consumer_duty') => ({ rule_id: 'R', rule: 'r', verdict, category, rationale: '', evidence: null });
const verdicts = [v('pass'), v('pass'), v('pass'), v('fail'), v('not_applicable', 'mandatory_disclosure')];

describe('qa_scoring_formula_v3.md', () => {
  it('parses into the components, deductions and caps the document states', () => {
    expect(parseFormula(DOC)).toEqual({
      formula_id: 'qa_scoring_formula_v3',
      max_score: 100,
      components: [
        { component: 'compliance', weight: 70, measure: 'compliance_pass_rate' },
        { component: 'sentiment', weight: 20, measure: 'sentiment_scaled' },
        { component: 'clarity', weight: 10, measure: 'flag_deductions' },
      ],
      deductions: {
        confusion: { low: 2, medium: 4, high: 6 },
        anxiety: { low: 1, medium: 2, high: 3 },
        vulnerability: { low: 0, medium: 0, high: 0 },
      },
      caps: { mandatory_disclosure: 60, vulnerability: 50 },
    });
  });

  it('rejects a document whose weights do not add up or that names an unknown measure', () => {
    expect(() => parseFormula(DOC.replace('| compliance | 70 |', '| compliance | 60 |'))).toThrow(/add up to 90/);
    expect(() => parseFormula(DOC.replace('sentiment_scaled |', 'vibes |'))).toThrow(/unknown measure "vibes"/);
    expect(() => parseFormula(DOC.replace('## Caps', '## Limits'))).toThrow(/## Caps/);
  });
});

describe('calculate_score', () => {
  it('applies the document: 70×3/4 + 20×(0.5+1)/2 + (10 − 2 − 2) = 73.5 → 74', () => {
    expect(score(DOC, sentiment, verdicts).data).toEqual({
      formula_id: 'qa_scoring_formula_v3',
      score: 74,
      max_score: 100,
      breakdown: { compliance: 52.5, sentiment: 15, clarity: 6 },
    });
  });

  it('follows the document when it changes: weights, deductions and caps', () => {
    const edited = DOC.replace('| compliance | 70 |', '| compliance | 50 |')
      .replace('| sentiment | 20 |', '| sentiment | 40 |')
      .replace('| confusion | 2 |', '| confusion | 5 |');
    expect(score(edited, sentiment, verdicts).data).toMatchObject({
      score: 71,
      breakdown: { compliance: 37.5, sentiment: 30, clarity: 3 },
    });
    const failedDisclosure = [...verdicts, v('fail', 'mandatory_disclosure')];
    expect(score(DOC, sentiment, failedDisclosure).data).toMatchObject({
      score: 60,
      cap: { value: 60, categories: ['mandatory_disclosure'] },
    });
    expect(
      score(DOC.replace('| mandatory_disclosure | 60 |', '| mandatory_disclosure | 40 |'), sentiment, failedDisclosure).data.score,
    ).toBe(40);
    expect(score(DOC, sentiment, [...failedDisclosure, v('fail', 'vulnerability')]).data.score).toBe(50);
  });

  it('scores several calls together: pooled verdicts, mean of the per-report measures', () => {
    const calm = { overall: 'Neutral', score: 0, flags: [] };
    const r = score(DOC, { reports: [sentiment, calm] }, verdicts);
    expect(r.data.breakdown).toEqual({ compliance: 52.5, sentiment: 12.5, clarity: 8 });
    expect(r.data.score).toBe(73);
    expect(() => score(DOC, { reports: [] }, verdicts)).toThrow(/nothing to score/);
  });

  it('names the cap only when it changed the score, with the rules that set it', () => {
    const low = { score: -1, flags: [] };
    const failed = [
      v('fail', 'mandatory_disclosure'),
      { ...v('fail', 'vulnerability'), rule_id: 'VUL-01' },
      { ...v('fail', 'mandatory_disclosure'), rule_id: 'FCA-DISC-01' },
    ];
    const r = score(DOC, sentiment, [...verdicts, ...failed]);
    expect(r.data.cap).toEqual({ value: 50, categories: ['vulnerability'], rule_ids: ['VUL-01'] });
    const under = score(DOC, low, [v('fail', 'mandatory_disclosure'), v('fail', 'mandatory_disclosure')]);
    expect(under.data.score).toBeLessThan(60);
    expect(under.data).not.toHaveProperty('cap');
    const summary = runSkillTool(calculateScore, {
      sentiment_report: sentiment,
      compliance_verdicts: [...verdicts, ...failed],
      formula_id: 'qa_scoring_formula_v3',
    });
    expect(summary).toMatchObject({ summary: expect.stringMatching(/capped at 50 because vulnerability failed: VUL-01\)\.$/) });
  });

  it('gives the full compliance weight when no verdict applies', () => {
    expect(score(DOC, { score: 0, flags: [] }, [v('not_applicable')]).data.breakdown.compliance).toBe(70);
  });

  it('returns the envelope, and fails for an unknown formula or bad input', () => {
    const ok = runSkillTool(calculateScore, {
      sentiment_report: sentiment,
      compliance_verdicts: verdicts,
      formula_id: 'qa_scoring_formula_v3',
    });
    expect(ok).toMatchObject({ ok: true, summary: 'QA score 74/100 (formula qa_scoring_formula_v3).', data: { score: 74 } });
    expect(runSkillTool(calculateScore, { sentiment_report: sentiment, compliance_verdicts: verdicts, formula_id: 'qa_v9' })).toMatchObject(
      { ok: false, data: { error: { type: 'FormulaNotFound' } } },
    );
    expect(
      runSkillTool(calculateScore, { sentiment_report: { score: 3 }, compliance_verdicts: [], formula_id: 'qa_scoring_formula_v3' }),
    ).toMatchObject({ ok: false, data: { error: { type: 'InvalidArguments' } } });
  });
});
