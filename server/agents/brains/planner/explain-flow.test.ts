import { describe, expect, it } from 'vitest';
import { explanation } from './explain-flow.ts';

/** A call's explanation quotes the figures of record: the reviewed score and verdicts first, the AI's beside them. */
const verdict = (rule_id: string, verdict: string, mandatory = true) => ({
  rule_id,
  rule: `Rule ${rule_id}.`,
  mandatory,
  verdict,
  rationale: verdict === 'fail' ? 'Not said' : 'Said',
  quote: null,
  evidence: null,
});
const base = {
  qa_result_id: 'qa-1',
  advisor: 'Fatima Khan',
  call_at: '2024-06-27T14:06:00.000Z',
  customer: 'Mrs Kowalski',
  product: 'Homeowner Loan',
  max_score: 100,
  score_detail: { breakdown: { compliance: 42.8, sentiment: 18.2, clarity: 10 }, cap: null },
  verdicts: [verdict('FCA-DISC-01', 'fail'), verdict('FCA-DISC-04', 'fail'), verdict('CD-01', 'pass', false)],
  sentiment: null,
  review: { overridden: false, human_score: null },
};

describe('explaining a call', () => {
  it('without a review: the AI score and its failed rules', () => {
    const text = explanation('REC-1', { ...base, score: 60, score_source: 'ai', ai_score: 60 });
    expect(text).toContain('scored **60/100**');
    expect(text).toContain('It failed 2 rules, 2 of them mandatory');
    expect(text).not.toContain('reviewer');
  });

  it('with a review: the reviewed score and verdicts first, the AI score and each override beside them', () => {
    const text = explanation('REC-1', {
      ...base,
      score: 79,
      score_source: 'review',
      ai_score: 60,
      reviewed_verdicts: [
        { rule_id: 'FCA-DISC-01', verdict: 'pass' },
        { rule_id: 'FCA-DISC-04', verdict: 'fail' },
        { rule_id: 'CD-01', verdict: 'pass' },
      ],
      review: { overridden: true, human_score: null },
    });
    expect(text).toContain('scored **79/100** as reviewed; the AI scored 60/100');
    expect(text).toContain('As reviewed, it failed 1 rule, 1 of them mandatory');
    expect(text).toContain('A reviewer overrode the AI on FCA-DISC-01 (fail → pass)');
    expect(text).not.toMatch(/- FCA-DISC-01/);
  });
});
