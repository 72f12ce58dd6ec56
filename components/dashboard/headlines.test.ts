import { describe, expect, it } from 'vitest';
import { headlines, MIN_SAMPLE } from './headlines';
import { COMPLIANCE, COVERAGE, CUSTOMERS, SCOPE, TRENDS } from './test-fixtures';

const byId = (hs: ReturnType<typeof headlines>) => Object.fromEntries(hs.map((h) => [h.id, h]));

describe('headline figures', () => {
  it('state each figure with the calls it stands on and a link to them', () => {
    const h = byId(headlines({ scope: SCOPE, trends: TRENDS, compliance: COMPLIANCE, customers: CUSTOMERS, coverage: COVERAGE }));
    expect(Object.keys(h)).toEqual(['calls', 'mean-score', 'failed-mandatory', 'vulnerable', 'coverage', 'agreement']);
    expect(h.calls).toMatchObject({ value: '9', href: '/qa?team=Home+Finance+North&from=2024-06-05&to=2024-07-03' });
    const few = ' — too few calls to read much into (a headline needs 10)';
    expect(h['mean-score']).toMatchObject({ label: 'Mean QA score', value: '70', detail: `over 8 scored calls${few}`, thin: true });
    expect(h['failed-mandatory']).toMatchObject({ value: '3', detail: '33.3% of 9 calls', tone: 'bad' });
    expect(h['failed-mandatory']!.href).toContain('failed_mandatory=true');
    // Worse, but on one call: not coloured as a finding.
    expect(h.vulnerable).toMatchObject({
      value: '60 vs 71.4',
      detail: `1 scored call with a vulnerable customer; 7 others${few}`,
      thin: true,
    });
    expect(h.vulnerable!.tone).toBeUndefined();
    expect(h.coverage).toMatchObject({ value: '75.0%', detail: '9 of 12 recorded calls analysed' });
    expect(h.agreement).toMatchObject({ value: '90.0%', detail: 'on 20 rule decisions; 1 score overridden of 3' });
    expect(h.agreement!.thin).toBeUndefined();
    expect(h.coverage!.thin).toBeUndefined();
    expect(h.agreement!.href).toContain('overridden=true');
  });

  it('give one advisor’s mean against the team’s when the filter names an advisor', () => {
    const scope = { ...SCOPE, filter: { ...SCOPE.filter, advisor: 'alex wong' } };
    const h = byId(headlines({ scope, trends: { ...TRENDS, advisors: [TRENDS.advisors[0]!] } }));
    expect(h['mean-score']).toMatchObject({
      label: 'Mean QA score, alex wong',
      value: '62',
      detail: 'over 4 scored calls; team 70 — too few calls to read much into (a headline needs 10)',
      thin: true,
    });
    expect(h['mean-score']!.tone).toBeUndefined();
  });

  it('a mean or rate is read as a headline from MIN_SAMPLE calls or decisions; below, it is stated, muted, and says so', () => {
    const agreement = (n: number) =>
      byId(
        headlines({
          scope: SCOPE,
          coverage: { ...COVERAGE, agreement: { ...COVERAGE.agreement, rule_decisions: n, rule_agreed: 0, rule_rate: 0 } },
        }),
      ).agreement!;
    expect(agreement(1)).toMatchObject({
      value: '0.0%',
      thin: true,
      detail: expect.stringMatching(/^on 1 rule decision; .* too few decisions/),
    });
    expect(agreement(MIN_SAMPLE - 1).thin).toBe(true);
    expect(agreement(MIN_SAMPLE).thin).toBeUndefined();
    const scope = { ...SCOPE, filter: { ...SCOPE.filter, advisor: 'alex wong' } };
    const many = { ...TRENDS.advisors[0]!, scored: MIN_SAMPLE };
    const h = byId(headlines({ scope, trends: { ...TRENDS, advisors: [many] } }));
    expect(h['mean-score']).toMatchObject({ detail: `over ${MIN_SAMPLE} scored calls; team 70`, tone: 'bad' });
  });

  it('say when the CRM could not count the recorded calls, and give no figure for a widget not loaded', () => {
    const h = headlines({ scope: SCOPE, coverage: { ...COVERAGE, recorded: null, recorded_note: 'The CRM was unreachable.' } });
    expect(h.map((x) => x.id)).toEqual(['coverage', 'agreement']);
    expect(h[0]).toMatchObject({ value: '9 of ?', detail: 'The CRM was unreachable.' });
  });
});
