import { describe, expect, it } from 'vitest';
import { runFinished } from './run-finished';

const msg = (event: Record<string, unknown>) => JSON.stringify({ id: '1-0', event });

describe('runFinished', () => {
  it('takes a run-level event whose status has left RUNNING', () => {
    for (const status of ['SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'])
      expect(runFinished(msg({ type: 'run', run_id: 'r1', status }))).toBe(true);
  });
  it('ignores a run starting, state events and what it cannot read', () => {
    expect(runFinished(msg({ type: 'run', run_id: 'r1', status: 'RUNNING' }))).toBe(false);
    expect(runFinished(msg({ type: 'run', run_id: 'r1', redrive_count: '1' }))).toBe(false);
    expect(runFinished(msg({ type: 'state', run_id: 'r1', status: 'SUCCEEDED' }))).toBe(false);
    expect(runFinished('not json')).toBe(false);
    expect(runFinished('null')).toBe(false);
  });
});
