import { describe, expect, it } from 'vitest';
import { actionText, capSentence, durationText, noEvidenceReason, scoreText, scoreTone } from './format';
import type { QaReviewAction } from './types';

describe('QA words', () => {
  it('explains a capped score plainly, and nothing without a cap', () => {
    const cap = { value: 60, categories: ['mandatory_disclosure'], rule_ids: ['FCA-DISC-01', 'FCA-DISC-09'] };
    expect(capSentence({ breakdown_total: 67, cap })).toBe(
      'Parts add up to 67, capped at 60 because mandatory disclosure failed (FCA-DISC-01, FCA-DISC-09).',
    );
    expect(
      capSentence({ breakdown_total: 72.5, cap: { value: 40, categories: ['identification', 'mandatory_disclosure'], rule_ids: [] } }),
    ).toBe('Parts add up to 72.5, capped at 40 because identification and mandatory disclosure failed.');
    expect(capSentence({ breakdown_total: 60, cap: null })).toBeNull();
    expect(capSentence(null)).toBeNull();
  });

  it('says why a verdict has no evidence', () => {
    expect(noEvidenceReason({ verdict: 'fail', quote: null, evidence: null })).toBe('Nothing to quote: the required wording is missing.');
    expect(noEvidenceReason({ verdict: 'pass', quote: 'I said it', evidence: null })).toContain(
      '“I said it”, but those words are not in the call',
    );
    expect(noEvidenceReason({ verdict: 'not_applicable', quote: null, evidence: null })).toContain('does not occur');
    const evidence = { quote: 'x', start: 0, end: 1, turn: 0, start_s: 0, end_s: 1 };
    expect(noEvidenceReason({ verdict: 'pass', quote: 'x', evidence })).toBeNull();
  });

  it('formats scores, their tones and call durations', () => {
    expect([scoreText(60), scoreText(16.67), scoreText(null)]).toEqual(['60', '16.7', '—']);
    expect([scoreTone(85, 100), scoreTone(60, 100), scoreTone(29, 100), scoreTone(null, 100)]).toEqual(['ok', 'warn', 'bad', 'neutral']);
    expect([durationText(68), durationText(57.9), durationText(null)]).toEqual(['1 min 8 s', '58 s', '—']);
  });

  it('describes review actions for the history', () => {
    const base = {
      id: '1',
      by: 'a@x',
      role: 'admin',
      rule_id: null,
      mandatory: null,
      decision: null,
      ai_verdict: null,
      human_verdict: null,
      ai_score: null,
      human_score: null,
      skill: null,
      reason: null,
      comment: null,
      at: '2024-07-08T09:00:00Z',
    } as unknown as QaReviewAction;
    const rule = { ...base, kind: 'rule' as const, ai_verdict: 'fail' };
    expect(actionText({ ...rule, rule_id: 'FCA-DISC-01', mandatory: true, decision: 'override', human_verdict: 'pass' })).toBe(
      'Overrode FCA-DISC-01 (mandatory): Fail → Pass',
    );
    expect(actionText({ ...rule, rule_id: 'CD-04', mandatory: false, decision: 'agree', human_verdict: 'fail' })).toBe(
      'Agreed with the AI on CD-04: Fail',
    );
    expect(actionText({ ...base, kind: 'score', decision: 'override', ai_score: 60, human_score: 72 })).toBe('Overrode the score: 60 → 72');
    expect(actionText({ ...base, kind: 'sign_off' })).toBe('Signed off the call review');
  });
});
