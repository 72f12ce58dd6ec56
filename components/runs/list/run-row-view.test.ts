import { describe, expect, it } from 'vitest';
import { progressOf, runDurationMs, runErrorText, runFailureLabel } from './run-row-view';

describe('runDurationMs', () => {
  const started_at = '2024-07-08T09:00:00.000Z';
  it('measures a finished run to its end and a running one to now', () => {
    expect(runDurationMs({ started_at, finished_at: '2024-07-08T09:01:05.000Z' }, 0)).toBe(65_000);
    expect(runDurationMs({ started_at, finished_at: null }, Date.parse(started_at) + 1500)).toBe(1500);
  });
  it('never goes negative and gives up on unreadable times', () => {
    expect(runDurationMs({ started_at, finished_at: null }, Date.parse(started_at) - 10)).toBe(0);
    expect(runDurationMs({ started_at: 'soon', finished_at: null }, 0)).toBeNull();
    expect(runDurationMs({ started_at, finished_at: 'later' }, 0)).toBeNull();
  });
});

describe('progressOf', () => {
  it('gives whole percentages and words', () => {
    expect(progressOf({ pending: 1, running: 1, done: 4, failed: 1, total: 7 })).toEqual({
      done: 57,
      running: 14,
      failed: 14,
      text: '4 of 7 done · 1 running · 1 failed · 1 pending',
      short: '4/7',
    });
    expect(progressOf({ pending: 0, running: 0, done: 3, failed: 0, total: 3 })).toEqual({
      done: 100,
      running: 0,
      failed: 0,
      text: '3 of 3 done',
      short: '3/3',
    });
  });
  it('copes with a run that has no state instances yet', () => {
    expect(progressOf({ pending: 0, running: 0, done: 0, failed: 0, total: 0 })).toEqual({
      done: 0,
      running: 0,
      failed: 0,
      text: 'No states yet',
      short: '0/0',
    });
  });
});

describe('runErrorText', () => {
  it('joins error and cause', () => {
    expect(runErrorText({ error: 'States.Timeout', cause: 'the skill took too long' })).toBe('States.Timeout: the skill took too long');
    expect(runErrorText({ error: 'AdvisorNotFound', cause: null })).toBe('AdvisorNotFound');
    expect(runErrorText({ error: null, cause: null })).toBeNull();
  });
});

describe('runFailureLabel', () => {
  it('tells a run that failed on its input from a skill fault', () => {
    const failed = { status: 'FAILED' as const };
    expect(runFailureLabel({ ...failed, error: 'AdvisorNotFound', cause: 'invalid input: no advisor named "John Smith"' })).toBe(
      'failed: invalid input',
    );
    expect(runFailureLabel({ ...failed, error: 'InvalidArguments', cause: null })).toBe('failed: invalid input');
    expect(runFailureLabel({ ...failed, error: 'TimeoutError', cause: 'Tool call to whisper-transcribe timed out after 120s' })).toBeNull();
    expect(runFailureLabel({ ...failed, error: null, cause: null })).toBeNull();
    expect(runFailureLabel({ status: 'SUCCEEDED', error: 'AdvisorNotFound', cause: null })).toBeNull();
  });
});

describe('the advisor column', () => {
  // The column shows what the advisor filter matches (server/execution/run-list-filter.ts advisorOf).
  it('reads advisor_name, else advisor, from the run input', async () => {
    const { advisorOf } = await import('@/lib/run-list');
    expect(advisorOf({ advisor_name: 'Alex Wong', advisor: 'x' })).toBe('Alex Wong');
    expect(advisorOf({ advisor: 'Sam Lee' })).toBe('Sam Lee');
    expect(advisorOf({ advisor_name: 7 })).toBeNull();
    expect(advisorOf(['Alex'])).toBeNull();
    expect(advisorOf(null)).toBeNull();
  });
});
