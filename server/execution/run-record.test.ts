import { describe, expect, it } from 'vitest';
import { parseRunFields, runFields } from './run-record.ts';

const HASH = {
  run_id: 'r1',
  workflow_id: 'w',
  workflow_name: 'W',
  workflow_version: '1.0.0',
  status: 'RUNNING',
  input: '{}',
  started_at: '2024-07-08T09:00:00.000Z',
  started_by: 'dee@bank.test',
};

/** Issue 28: a run record says whether the run is a test run; records from before the field read as not. */
describe('the run record’s test_run flag', () => {
  it('a record written before the field existed reads test_run: false', () => {
    expect(parseRunFields(HASH)).toMatchObject({ run_id: 'r1', test_run: false });
  });

  it('round-trips through the hash: true is stored, false is left absent', () => {
    expect(runFields({ test_run: true })).toEqual({ test_run: 'true' });
    expect(runFields({ test_run: false })).toEqual({ test_run: '' });
    expect(parseRunFields({ ...HASH, ...runFields({ test_run: true }) })).toMatchObject({ test_run: true });
    expect(parseRunFields({ ...HASH, ...runFields({ test_run: false }) })).toMatchObject({ test_run: false });
  });
});
