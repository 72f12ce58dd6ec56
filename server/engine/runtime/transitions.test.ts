import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { heartbeatMs, nextOrEnd, stateTimeoutMs } from './transitions.ts';

describe('nextOrEnd', () => {
  it.each([
    [{ Type: 'Task', Next: 'B' }, { next: 'B' }],
    [{ Type: 'Pass', End: true }, { end: true }],
    [{ Type: 'Map', Next: 'C' }, { next: 'C' }],
    [{ Type: 'Succeed' }, { end: true }],
    [{ Type: 'Fail', Error: 'E' }, { end: true }],
  ])('%j', (state, expected) => {
    expect(nextOrEnd(state)).toEqual(expected);
  });

  it('Choice and a state with neither Next nor End are States.Runtime', () => {
    expect(failure(() => nextOrEnd({ Type: 'Choice', Choices: [] })).cause).toContain('evaluateChoice');
    expect(failure(() => nextOrEnd({ Type: 'Task', End: false })).error).toBe('States.Runtime');
  });
});

describe('stateTimeoutMs / heartbeatMs', () => {
  const input = { t: 30, zero: 0, text: '5' };
  it.each([
    [{ Type: 'Task' }, undefined],
    [{ Type: 'Task', TimeoutSeconds: 60 }, 60_000],
    [{ Type: 'Task', TimeoutSecondsPath: '$.t' }, 30_000],
  ])('%j', (state, expected) => {
    expect(stateTimeoutMs(state, input)).toBe(expected);
  });

  it('HeartbeatSeconds and HeartbeatSecondsPath', () => {
    expect(heartbeatMs({ Type: 'Task', HeartbeatSeconds: 10 }, input)).toBe(10_000);
    expect(heartbeatMs({ Type: 'Task', HeartbeatSecondsPath: '$.t' }, input)).toBe(30_000);
    expect(heartbeatMs({ Type: 'Task', TimeoutSeconds: 10 }, input)).toBeUndefined();
  });

  it.each([
    [{ TimeoutSecondsPath: '$.zero' }, 'TimeoutSecondsPath must give a positive integer number of seconds, got 0'],
    [{ TimeoutSecondsPath: '$.text' }, 'got "5"'],
    [{ TimeoutSecondsPath: '$.nope' }, 'could not be found'],
  ])('%j is States.Runtime', (fields, cause) => {
    const e = failure(() => stateTimeoutMs({ Type: 'Task', ...fields }, input));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toContain(cause);
  });
});
