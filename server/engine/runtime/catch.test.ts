import { describe, expect, it } from 'vitest';
import { decideCatch } from './catch.ts';
import { StatesError } from './states-error.ts';

const raw = { order: 7, meta: { by: 'ada' }, label: 'x' };
const failureOf = (error: string) => ({ error, cause: `${error} happened` });
const state = {
  Type: 'Task',
  Catch: [
    { ErrorEquals: ['Custom.A'], Next: 'HandleA' },
    { ErrorEquals: ['Custom.B', 'Custom.C'], ResultPath: '$.error', Next: 'HandleBC' },
    { ErrorEquals: ['States.Timeout'], ResultPath: null, Next: 'HandleTimeout' },
    { ErrorEquals: ['States.TaskFailed'], ResultPath: '$.meta.failure', Next: 'HandleTask' },
    { ErrorEquals: ['States.ALL'], ResultPath: '$', Next: 'HandleAll' },
  ],
};

describe('decideCatch', () => {
  it.each([
    ['default ResultPath $ replaces the input', 'Custom.A', { next: 'HandleA', output: { Error: 'Custom.A', Cause: 'Custom.A happened' } }],
    [
      'ResultPath places the error output into the raw input',
      'Custom.C',
      { next: 'HandleBC', output: { ...raw, error: { Error: 'Custom.C', Cause: 'Custom.C happened' } } },
    ],
    ['ResultPath null keeps the input', 'States.Timeout', { next: 'HandleTimeout', output: raw }],
    ['a heartbeat timeout counts as States.Timeout', 'States.HeartbeatTimeout', { next: 'HandleTimeout', output: raw }],
    [
      'States.TaskFailed catches other errors, creating nothing missing',
      'Custom.Z',
      { next: 'HandleTask', output: { ...raw, meta: { by: 'ada', failure: { Error: 'Custom.Z', Cause: 'Custom.Z happened' } } } },
    ],
    [
      'order matters: the first match wins',
      'Custom.B',
      { next: 'HandleBC', output: { ...raw, error: { Error: 'Custom.B', Cause: 'Custom.B happened' } } },
    ],
  ])('%s', (_name, error, expected) => {
    expect(decideCatch(state, raw, failureOf(error))).toEqual(expected);
  });

  it('States.ALL catches what the earlier catchers do not (States.Runtime included)', () => {
    const onlyAll = {
      Type: 'Task',
      Catch: [
        { ErrorEquals: ['States.Timeout'], Next: 'T' },
        { ErrorEquals: ['States.ALL'], Next: 'All' },
      ],
    };
    expect(decideCatch(onlyAll, raw, failureOf('States.Runtime'))).toEqual({
      next: 'All',
      output: { Error: 'States.Runtime', Cause: 'States.Runtime happened' },
    });
  });

  it('no matching catcher: null', () => {
    expect(decideCatch({ Type: 'Task', Catch: [{ ErrorEquals: ['Custom.A'], Next: 'A' }] }, raw, failureOf('Custom.B'))).toBeNull();
    expect(decideCatch({ Type: 'Task' }, raw, failureOf('Custom.B'))).toBeNull();
  });

  it('creates missing objects along the catcher ResultPath', () => {
    const s = { Type: 'Task', Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.errors.last', Next: 'N' }] };
    expect(decideCatch(s, raw, failureOf('E'))).toEqual({
      next: 'N',
      output: { ...raw, errors: { last: { Error: 'E', Cause: 'E happened' } } },
    });
  });

  it('a catcher ResultPath through a non-object is States.ResultPathMatchFailure', () => {
    const s = { Type: 'Task', Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.label.err', Next: 'N' }] };
    let caught: unknown;
    try {
      decideCatch(s, raw, failureOf('E'));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StatesError);
    expect((caught as StatesError).error).toBe('States.ResultPathMatchFailure');
  });
});
