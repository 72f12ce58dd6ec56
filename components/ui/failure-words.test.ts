import { describe, expect, it } from 'vitest';
import { TOOL_ERROR_CODES } from '@/server/tool-result';
import { failureMessage, failureShown, RETRY_HELPS, retryable } from './failure-words';

describe('a failure in words', () => {
  it('says for every tool error code whether a retry helps', () => {
    expect(Object.keys(RETRY_HELPS).sort()).toEqual([...TOOL_ERROR_CODES].sort());
  });

  it('offers a retry only where one can succeed', () => {
    for (const code of ['unavailable', 'timed_out', 'internal_error', null, undefined, 'something_new']) expect(retryable(code)).toBe(true);
    for (const code of ['not_found', 'invalid_input', 'forbidden', 'conflict', 'parse_error', 'limit_exceeded'])
      expect(retryable(code)).toBe(false);
  });

  it('says which id is not one, and leaves the server’s own sentences as they are', () => {
    expect(failureMessage('run_id: Invalid UUID')).toBe('The run id is not a valid id.');
    expect(failureMessage('qa_result_id: Invalid uuid')).toBe('The qa result id is not a valid id.');
    expect(failureMessage('no run 1234')).toBe('no run 1234');
  });

  it('shows a tool failure as its sentence and keeps its code apart (the queue and the run list said "… (not_found)")', () => {
    expect(failureShown(null, { error: 'no run 1234', error_code: 'not_found' })).toEqual({ message: 'no run 1234', code: 'not_found' });
    expect(failureShown(new Error('fetch failed'), undefined)).toEqual({ message: 'fetch failed', code: null });
  });
});
