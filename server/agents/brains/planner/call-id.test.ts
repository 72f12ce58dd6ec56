import { describe, expect, it } from 'vitest';
import { callIdsIn } from './call-id.ts';

describe('call ids in a message', () => {
  it('finds any lender’s id-like tokens, upper-cased, once each', () => {
    expect(callIdsIn('Why did rec-88342 score so low?')).toEqual(['REC-88342']);
    expect(callIdsIn('why did CALL-25-000123 fail, and CALL-25-000123 again, and a1b2-c3d4-9f00?')).toEqual([
      'CALL-25-000123',
      'A1B2-C3D4-9F00',
    ]);
  });

  it('ignores dates, rule ids, names with hyphens, years and plain words', () => {
    expect(
      callIdsIn('calls from 2024-07-01 to 2024-07-07 by Zoë Lefèvre-Martin failing FCA-DISC-02 since mid-2024, HELOC 2.0, a 7-day window'),
    ).toEqual([]);
  });
});
