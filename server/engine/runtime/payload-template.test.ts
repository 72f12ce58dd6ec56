import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { testContext } from './__fixtures__/context.ts';
import { applyPayloadTemplate } from './payload-template.ts';

const context = testContext({ Map: { Item: { Index: 2, Value: { sku: 'B-9', qty: 4 } } }, Task: { Token: 'tok-1' } });
const input = { user: { name: 'Ada', tags: ['x', 'y'] }, n: 3, list: [{ v: 1 }, { v: 2 }] };

describe('applyPayloadTemplate', () => {
  it.each([
    ['literal values pass through', { a: 1, b: 'two', c: null, d: [true] }, { a: 1, b: 'two', c: null, d: [true] }],
    ['a .$ path value, suffix removed', { 'who.$': '$.user.name' }, { who: 'Ada' }],
    ['a whole-input path', { 'all.$': '$' }, { all: input }],
    ['a non-definite path gives an array', { 'vs.$': '$.list[*].v', 'none.$': '$.list[?(@.v > 5)]' }, { vs: [1, 2], none: [] }],
    ['nested objects recurse', { outer: { 'inner.$': '$.n', fixed: 'k' } }, { outer: { inner: 3, fixed: 'k' } }],
    [
      'arrays recurse',
      { items: [{ 'first.$': '$.user.tags[0]' }, 'plain', [{ 'n.$': '$.n' }]] },
      { items: [{ first: 'x' }, 'plain', [{ n: 3 }]] },
    ],
    ['an intrinsic value', { 'greeting.$': "States.Format('Hi {}', $.user.name)" }, { greeting: 'Hi Ada' }],
    [
      '$$.Map.Item.Index and Value',
      { 'index.$': '$$.Map.Item.Index', 'value.$': '$$.Map.Item.Value', 'sku.$': '$$.Map.Item.Value.sku' },
      { index: 2, value: { sku: 'B-9', qty: 4 }, sku: 'B-9' },
    ],
    [
      '$$.Execution.Input and the task token',
      { 'input.$': '$$.Execution.Input', 'order.$': '$$.Execution.Input.order.id', 'token.$': '$$.Task.Token' },
      { input: { order: { id: 'o-7', lines: [1, 2] } }, order: 'o-7', token: 'tok-1' },
    ],
    ['an intrinsic reading the context', { 'line.$': 'States.ArrayGetItem($$.Execution.Input.order.lines, 1)' }, { line: 2 }],
    ['a key of just ".$" becomes the empty key', { '.$': '$.n' }, { '': 3 }],
  ])('%s', (_name, template, expected) => {
    expect(applyPayloadTemplate(template, input, context)).toEqual(expected);
  });

  it('a non-object template is returned as is', () => {
    expect(applyPayloadTemplate('$.n', input, context)).toBe('$.n');
    expect(applyPayloadTemplate(7, input, context)).toBe(7);
  });

  it('does not modify the template or the input', () => {
    const template = { 'a.$': '$.user', b: { c: 1 } };
    const out = applyPayloadTemplate(template, input, context) as { a: unknown };
    expect(template).toEqual({ 'a.$': '$.user', b: { c: 1 } });
    expect(out.a).toEqual(input.user);
  });

  it('a path that names nothing is States.ParameterPathFailure naming the field', () => {
    const e = failure(() => applyPayloadTemplate({ deep: { 'x.$': '$.user.age' } }, input, context));
    expect(e.error).toBe('States.ParameterPathFailure');
    expect(e.cause).toBe('the field "x.$": the JSONPath "$.user.age" could not be found in the input: \'$.user\' has no field "age"');
  });

  it('an intrinsic failure stays States.IntrinsicFailure', () => {
    expect(failure(() => applyPayloadTemplate({ 'x.$': 'States.ArrayLength($.n)' }, input, context)).error).toBe('States.IntrinsicFailure');
  });

  it('a .$ value that is not a string is States.ParameterPathFailure', () => {
    expect(failure(() => applyPayloadTemplate({ 'x.$': 5 }, input, context)).error).toBe('States.ParameterPathFailure');
  });

  it('passes the random source to MathRandom', () => {
    expect(applyPayloadTemplate({ 'r.$': 'States.MathRandom(0, 9)' }, input, context, () => 0.35)).toEqual({ r: 3 });
  });
});

describe('applyPayloadTemplate keys', () => {
  it('"__proto__" keys become ordinary fields', () => {
    const template = JSON.parse('{"__proto__": {"polluted": true}, "a.$": "$.n"}') as unknown;
    const out = applyPayloadTemplate(template, { n: 1 }, testContext()) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });
});
