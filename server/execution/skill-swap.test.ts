import { describe, expect, it } from 'vitest';
import { failureOf, lastErrorOf } from './skill-swap.ts';

describe('last_error text and the failure it names (spec §4.1)', () => {
  it('round-trips an error name and its cause', () => {
    const f = { error: 'TimeoutError', cause: 'Tool call to whisper-transcribe timed out after 120s' };
    expect(lastErrorOf(f)).toBe('TimeoutError: Tool call to whisper-transcribe timed out after 120s');
    expect(failureOf(lastErrorOf(f))).toEqual(f);
    // Only the first ": " separates: a cause may contain more.
    expect(failureOf('HttpError: 503: upstream: busy')).toEqual({ error: 'HttpError', cause: '503: upstream: busy' });
  });

  it('reads a bare error name as a failure without a cause', () => {
    expect(lastErrorOf({ error: 'States.TaskFailed', cause: '' })).toBe('States.TaskFailed');
    expect(failureOf(' States.TaskFailed ')).toEqual({ error: 'States.TaskFailed', cause: '' });
  });
});
