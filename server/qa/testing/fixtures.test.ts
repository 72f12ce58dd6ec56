import { describe, expect, it } from 'vitest';
import { FIXTURE_RULES, qaRecordFixture } from './fixtures.ts';

/** The fixture builder keeps the store's invariants, so tests built on it see realistic records. */
describe('QA record fixtures', () => {
  it('default: every applicable rule passes, each with its quote located in the transcript', () => {
    const r = qaRecordFixture();
    expect(r.verdicts.map((v) => v.rule_id)).toEqual(FIXTURE_RULES.map((x) => x.rule_id));
    for (const v of r.verdicts.filter((x) => x.verdict === 'pass')) {
      expect(r.transcript.text.slice(v.evidence!.start, v.evidence!.end)).toBe(v.quote);
      const turn = r.transcript.turns[v.evidence!.turn]!;
      expect(turn.start <= v.evidence!.start && v.evidence!.end <= turn.end).toBe(true);
    }
    expect(r.verdicts.find((v) => v.rule_id === 'VUL-01')!.verdict).toBe('not_applicable');
    expect(r.scoreDetail).toMatchObject({ breakdown_total: r.score, cap: null });
  });

  it('a failed mandatory disclosure caps the score at 60 and names the rule; an omission quotes nothing', () => {
    const r = qaRecordFixture({ fail: ['FCA-DISC-02'], sentimentScore: 0.9 });
    const v = r.verdicts.find((x) => x.rule_id === 'FCA-DISC-02')!;
    expect(v).toMatchObject({ verdict: 'fail', mandatory: true, quote: null, evidence: null });
    expect(r.score).toBe(60);
    expect(r.scoreDetail!.breakdown_total).toBeGreaterThan(60);
    expect(r.scoreDetail!.cap).toEqual({ value: 60, categories: ['mandatory_disclosure'], rule_ids: ['FCA-DISC-02'] });
  });

  it('flags come with their located excerpts; overrides replace any field', () => {
    const r = qaRecordFixture({ vulnerable: true, confused: true, advisor: 'Priya Shah', product: 'Homeowner Loan', callId: 'REC-9' });
    const flags = r.sentiment!.flags.map((f) => [f.type, f.severity, f.evidence !== null]);
    expect(flags).toEqual([
      ['vulnerability', 'high', true],
      ['confusion', 'medium', true],
    ]);
    expect(r).toMatchObject({ advisor: 'Priya Shah', product: 'Homeowner Loan', callId: 'REC-9' });
    expect(r.transcript.text).toContain('my name is Priya Shah');
    expect(r.verdicts.find((v) => v.rule_id === 'PROD-01')!.verdict).toBe('not_applicable');
    expect(r.verdicts.find((v) => v.rule_id === 'VUL-01')!.verdict).toBe('pass');
  });
});
