import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { testContext } from './__fixtures__/context.ts';
import { applyStateResult, passStateOutput, selectEffectiveInput, simpleStateOutput } from './data-flow.ts';

const context = testContext();
const raw = { a: { b: 1, list: [10, 20] }, keep: 'k', s: 'text' };

describe('selectEffectiveInput', () => {
  it.each([
    ['no InputPath: the raw input', { Type: 'Task' }, raw],
    ['InputPath selects', { Type: 'Task', InputPath: '$.a' }, { b: 1, list: [10, 20] }],
    ['InputPath null gives {}', { Type: 'Task', InputPath: null }, {}],
    ['InputPath from the context', { Type: 'Pass', InputPath: '$$.Execution.Input.order' }, { id: 'o-7', lines: [1, 2] }],
    ['Parameters applies after InputPath', { Type: 'Task', InputPath: '$.a', Parameters: { 'x.$': '$.b', y: 2 } }, { x: 1, y: 2 }],
    ['Parameters with InputPath null sees {}', { Type: 'Pass', InputPath: null, Parameters: { const: true } }, { const: true }],
    ['Parallel takes Parameters', { Type: 'Parallel', Parameters: { 'k.$': '$.keep' } }, { k: 'k' }],
    [
      'Map takes InputPath only (Parameters is its legacy ItemSelector)',
      { Type: 'Map', InputPath: '$.a', Parameters: { x: 1 } },
      { b: 1, list: [10, 20] },
    ],
    ['Choice ignores Parameters', { Type: 'Choice', Parameters: { x: 1 } }, raw],
  ])('%s', (_name, state, expected) => {
    expect(selectEffectiveInput(state, raw, context)).toEqual(expected);
  });

  it('an InputPath naming nothing is States.Runtime', () => {
    const e = failure(() => selectEffectiveInput({ Type: 'Task', InputPath: '$.nope' }, raw, context));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toContain('InputPath: the JSONPath "$.nope" could not be found');
  });
});

describe('applyStateResult', () => {
  const result = { out: 5, extra: [1, 2] };
  it.each([
    ['default ResultPath $: the result replaces the input', { Type: 'Task' }, result],
    ['ResultPath $ explicitly', { Type: 'Task', ResultPath: '$' }, result],
    ['ResultPath null discards the result', { Type: 'Task', ResultPath: null }, raw],
    ['ResultPath into an existing object', { Type: 'Task', ResultPath: '$.a.r' }, { ...raw, a: { ...raw.a, r: result } }],
    ['ResultPath replaces an existing field', { Type: 'Task', ResultPath: '$.keep' }, { ...raw, keep: result }],
    ['ResultPath creates missing objects', { Type: 'Task', ResultPath: '$.x.y.z' }, { ...raw, x: { y: { z: result } } }],
    ['ResultPath into an array element', { Type: 'Task', ResultPath: '$.a.list[-1]' }, { ...raw, a: { b: 1, list: [10, result] } }],
    [
      'ResultSelector then ResultPath',
      { Type: 'Task', ResultSelector: { 'o.$': '$.out' }, ResultPath: '$.sel' },
      { ...raw, sel: { o: 5 } },
    ],
    ['ResultSelector on Parallel and Map', { Type: 'Map', ResultSelector: { 'n.$': '$.extra[1]' } }, { n: 2 }],
    ['OutputPath after ResultPath', { Type: 'Task', ResultPath: '$.r', OutputPath: '$.r.extra' }, [1, 2]],
    ['OutputPath null gives {}', { Type: 'Task', OutputPath: null }, {}],
    ['ResultPath null then OutputPath', { Type: 'Task', ResultPath: null, OutputPath: '$.a.b' }, 1],
    ['OutputPath from the context', { Type: 'Task', OutputPath: '$$.Execution.Name' }, 'run-1'],
  ])('%s', (_name, state, expected) => {
    expect(applyStateResult(state, raw, result, context)).toEqual(expected);
  });

  it('never modifies the raw input', () => {
    const copy = structuredClone(raw);
    applyStateResult({ Type: 'Task', ResultPath: '$.a.list[0]' }, raw, 'x', context);
    applyStateResult({ Type: 'Task', ResultPath: '$.a.new.deep' }, raw, 'x', context);
    expect(raw).toEqual(copy);
  });

  it.each([
    ['through a string', '$.s.x', '\'$.s\' is a string, not an object, so it cannot hold the field "x"'],
    ['an index out of range', '$.a.list[5]', "'$.a.list' has 2 element(s), so it has no index 5"],
    ['an index into an object', '$.a[0]', "'$.a' is an object, not an array, so it has no index 0"],
    ['a field of an array', '$.a.list.x', "'$.a.list' is an array, not an object"],
  ])('ResultPath %s is States.ResultPathMatchFailure', (_name, resultPath, cause) => {
    const e = failure(() => applyStateResult({ Type: 'Task', ResultPath: resultPath }, raw, 1, context));
    expect(e.error).toBe('States.ResultPathMatchFailure');
    expect(e.cause).toContain(cause);
  });

  it('a ResultPath into a non-object input is States.ResultPathMatchFailure', () => {
    expect(failure(() => applyStateResult({ Type: 'Task', ResultPath: '$.r' }, 'plain', 1, context)).error).toBe(
      'States.ResultPathMatchFailure',
    );
  });

  it('an OutputPath naming nothing is States.Runtime', () => {
    expect(failure(() => applyStateResult({ Type: 'Task', OutputPath: '$.zzz' }, raw, {}, context)).error).toBe('States.Runtime');
  });
});

describe('passStateOutput', () => {
  it.each([
    ['no Result: the input passes', { Type: 'Pass' }, raw],
    ['Result replaces', { Type: 'Pass', Result: { fixed: 1 } }, { fixed: 1 }],
    ['Result is a literal, not a template', { Type: 'Pass', Result: { 'x.$': '$.keep' } }, { 'x.$': '$.keep' }],
    ['Result at a ResultPath', { Type: 'Pass', Result: [1], ResultPath: '$.r' }, { ...raw, r: [1] }],
    ['Parameters become the result', { Type: 'Pass', Parameters: { 'k.$': '$.keep' }, ResultPath: '$.p' }, { ...raw, p: { k: 'k' } }],
    ['InputPath then ResultPath into the raw input', { Type: 'Pass', InputPath: '$.a.b', ResultPath: '$.copy' }, { ...raw, copy: 1 }],
    ['ResultPath null and OutputPath', { Type: 'Pass', Result: 9, ResultPath: null, OutputPath: '$.keep' }, 'k'],
    ['Result null is a result', { Type: 'Pass', Result: null, ResultPath: '$.n' }, { ...raw, n: null }],
  ])('%s', (_name, state, expected) => {
    expect(passStateOutput(state, raw, context)).toEqual(expected);
  });
});

describe('simpleStateOutput', () => {
  it.each([
    ['neither path', { Type: 'Succeed' }, raw],
    ['InputPath then OutputPath', { Type: 'Wait', InputPath: '$.a', OutputPath: '$.list[0]' }, 10],
    ['InputPath null', { Type: 'Choice', InputPath: null }, {}],
    ['OutputPath null', { Type: 'Succeed', OutputPath: null }, {}],
  ])('%s', (_name, state, expected) => {
    expect(simpleStateOutput(state, raw)).toEqual(expected);
  });

  it('reads $$ only when given a context', () => {
    const state = { Type: 'Succeed', OutputPath: '$$.Execution.Name' };
    expect(simpleStateOutput(state, raw, context)).toBe('run-1');
    expect(failure(() => simpleStateOutput(state, raw)).error).toBe('States.Runtime');
  });
});
