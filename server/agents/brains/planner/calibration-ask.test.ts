import { describe, expect, it } from 'vitest';
import { parseRequest } from './request.ts';

/** Calibration questions read from the words (calibration-ask.ts through request.ts's reader). */
const TODAY = new Date('2024-07-08T09:00:00Z');
const read = (text: string) => {
  const r = parseRequest(text, TODAY);
  return r && { kind: r.kind, ...r.calibration, implied: !!r.implied, range: r.range?.start_date ?? null };
};

describe('reading a calibration question', () => {
  it.each([
    ['How did the last calibration session go?', { kind: 'calibration', aspect: 'summary', newest: true, rule: null, implied: false }],
    [
      "What's the agreement on FCA-DISC-02 in the June calibration?",
      { kind: 'calibration', aspect: 'rule', rule: 'FCA-DISC-02', newest: false, range: '2024-06-01' },
    ],
    ['what is the agreement on rule cd-01 in the June calibration', { aspect: 'rule', rule: 'CD-01' }],
    ['Which calls did reviewers disagree on most?', { kind: 'calibration', aspect: 'disagreement', newest: false }],
    ['where did the reviewers split in the latest calibration', { aspect: 'disagreement', newest: true }],
    // Only a session named, asking nothing: an answer to "which session?" first.
    ['the June calibration', { kind: 'calibration', aspect: 'summary', implied: true }],
  ])('%s', (text, want) => {
    expect(read(text)).toMatchObject(want);
  });

  it('other questions are not calibration ones', () => {
    expect(read('Which advisor has the lowest QA score last week?')?.kind).toBe('rank');
    expect(read('which calls failed the most rules in June')?.kind).not.toBe('calibration');
    expect(read('did the reviewers sign off Alex Wong’s calls?')?.kind ?? null).not.toBe('calibration');
  });
});
