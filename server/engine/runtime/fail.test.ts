import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { testContext } from './__fixtures__/context.ts';
import { failStateError } from './fail.ts';

const input = { err: 'Custom.Boom', why: 'it broke', code: 7, parts: ['a', 'b'] };

describe('failStateError', () => {
  it.each([
    ['literal Error and Cause', { Error: 'ErrorA', Cause: 'Kaiju attack' }, { error: 'ErrorA', cause: 'Kaiju attack' }],
    ['neither: empty strings (no name is invented)', {}, { error: '', cause: '' }],
    ['Error only', { Error: 'ErrorA' }, { error: 'ErrorA', cause: '' }],
    ['ErrorPath and CausePath', { ErrorPath: '$.err', CausePath: '$.why' }, { error: 'Custom.Boom', cause: 'it broke' }],
    [
      'intrinsics',
      { ErrorPath: "States.Format('E{}', $.code)", CausePath: "States.Format('{} then {}', $.parts[0], $.parts[1])" },
      { error: 'E7', cause: 'a then b' },
    ],
    ['CausePath from JsonToString', { Error: 'X', CausePath: 'States.JsonToString($.parts)' }, { error: 'X', cause: '["a","b"]' }],
  ])('%s', (_name, fields, expected) => {
    expect(failStateError({ Type: 'Fail', ...fields }, input)).toEqual(expected);
  });

  it('reads $$ when given a context', () => {
    expect(failStateError({ Type: 'Fail', Error: 'E', CausePath: '$$.Execution.Name' }, input, testContext())).toEqual({
      error: 'E',
      cause: 'run-1',
    });
  });

  it.each([
    ['ErrorPath to a number', { ErrorPath: '$.code' }, 'ErrorPath must give a string, got an integer'],
    ['CausePath to an array', { CausePath: '$.parts' }, 'CausePath must give a string, got an array'],
    ['ErrorPath naming nothing', { ErrorPath: '$.nope' }, 'could not be found'],
  ])('%s is States.Runtime', (_name, fields, cause) => {
    const e = failure(() => failStateError({ Type: 'Fail', ...fields }, input));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toContain(cause);
  });

  it('an intrinsic that fails is States.IntrinsicFailure', () => {
    expect(failure(() => failStateError({ Type: 'Fail', ErrorPath: 'States.ArrayGetItem($.parts, 5)' }, input)).error).toBe(
      'States.IntrinsicFailure',
    );
  });
});
