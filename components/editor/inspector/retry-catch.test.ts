import { describe, expect, it } from 'vitest';
import { withMember } from './list-edit';
import { addCatcher, addRetrier } from './retry-catch';

describe('addRetrier', () => {
  it('starts a list with a catch-all retrier', () => {
    expect(addRetrier([])).toEqual([{ ErrorEquals: ['States.ALL'], IntervalSeconds: 1, MaxAttempts: 3, BackoffRate: 2 }]);
  });
  it('adds a TaskFailed retrier before a trailing catch-all', () => {
    const all = { ErrorEquals: ['States.ALL'] };
    const timeout = { ErrorEquals: ['States.Timeout'] };
    expect(addRetrier([timeout, all])).toEqual([
      timeout,
      { ErrorEquals: ['States.TaskFailed'], IntervalSeconds: 1, MaxAttempts: 3, BackoffRate: 2 },
      all,
    ]);
  });
});

describe('addCatcher', () => {
  it('catches everything first, then TaskFailed before the catch-all', () => {
    const first = addCatcher([], 'Recover');
    expect(first).toEqual([{ ErrorEquals: ['States.ALL'], Next: 'Recover' }]);
    expect(addCatcher(first, 'Other')).toEqual([{ ErrorEquals: ['States.TaskFailed'], Next: 'Other' }, ...first]);
  });
  it('appends after catchers that are not catch-alls', () => {
    const t = { ErrorEquals: ['States.Timeout'], Next: 'A' };
    expect(addCatcher([t], 'B')).toEqual([t, { ErrorEquals: ['States.ALL'], Next: 'B' }]);
  });
});

describe('withMember', () => {
  it('sets and removes a member without touching the input', () => {
    const o = { a: 1, b: 2 };
    expect(withMember(o, 'c', 3)).toEqual({ a: 1, b: 2, c: 3 });
    expect(withMember(o, 'a', undefined)).toEqual({ b: 2 });
    expect(o).toEqual({ a: 1, b: 2 });
  });
});
