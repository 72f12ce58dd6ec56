import { describe, expect, it } from 'vitest';
import { COMPLIANCE, COVERAGE, OPERATIONS, TRENDS } from '../test-fixtures';
import { summaryPoints } from './summary-points';

describe("the board pack's first page", () => {
  it('names who is furthest below the team, the rules failing most, the reviews and the runs, from the widgets’ own data', () => {
    const points = summaryPoints({ trends: TRENDS, compliance: COMPLIANCE, coverage: COVERAGE, operations: OPERATIONS });
    expect(Object.fromEntries(points.map((p) => [p.id, p.lines]))).toEqual({
      advisors: ['Alex Wong: 62 (−8 against the team, 4 calls)'],
      // The rule that never failed is not among those failing most.
      rules: ['FCA-DISC-02 APRC stated (mandatory): failed on 3 of 9 calls, pass rate 66.7%'],
      review: ["1 signed off, 1 awaiting a second sign-off, 1 in review, 6 unreviewed (the AI's result alone)."],
      operations: ['4 runs finished: 3 succeeded, 1 failed, timed out or aborted.'],
    });
  });

  it('says when there is nothing to name, and gives no point for a widget that did not answer', () => {
    const points = summaryPoints({
      trends: { ...TRENDS, below_team: [] },
      compliance: { ...COMPLIANCE, rules: COMPLIANCE.rules.map((r) => ({ ...r, failed: 0 })) },
    });
    expect(points.map((p) => [p.id, p.lines])).toEqual([
      ['advisors', ['No advisor is below the team average.']],
      ['rules', ['No rule failed on any call.']],
    ]);
  });
});
