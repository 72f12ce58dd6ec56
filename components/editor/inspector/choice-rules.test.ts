import { describe, expect, it } from 'vitest';
import { COMBINATORS, COMPARISON_OPERATORS } from '@/server/engine/asl/choice-operators';
import {
  OPERATOR_GROUPS,
  defaultOperand,
  newRule,
  operandKind,
  operandText,
  parseOperand,
  ruleOperator,
  subRules,
  withOperator,
} from './choice-rules';

describe('OPERATOR_GROUPS', () => {
  it('offers every comparison operator and combinator exactly once', () => {
    const offered = OPERATOR_GROUPS.flatMap((g) => g.operators);
    expect(new Set(offered).size).toBe(offered.length);
    expect(new Set(offered)).toEqual(new Set([...COMBINATORS, ...COMPARISON_OPERATORS.keys()]));
  });
});

describe('ruleOperator and operandKind', () => {
  it('finds the operator of comparisons and combinators', () => {
    expect(ruleOperator({ Variable: '$.a', NumericGreaterThan: 3, Next: 'X' })).toBe('NumericGreaterThan');
    expect(ruleOperator({ Not: { Variable: '$.a', IsNull: true } })).toBe('Not');
    expect(ruleOperator({ Variable: '$.a' })).toBeNull();
    expect(ruleOperator('x')).toBeNull();
  });
  it('knows what each operator compares with', () => {
    expect(operandKind('NumericEquals')).toBe('number');
    expect(operandKind('TimestampLessThanPath')).toBe('path');
    expect(operandKind('IsTimestamp')).toBe('test');
    expect(operandKind('StringMatches')).toBe('pattern');
    expect(defaultOperand('timestamp')).toBe('2024-01-01T00:00:00Z');
  });
});

describe('withOperator', () => {
  const rule = { Variable: '$.score', NumericGreaterThanEquals: 80, Next: 'High', Comment: 'good' };
  it('keeps the Variable, Next and Comment, and the value when the kind is the same', () => {
    expect(withOperator(rule, 'NumericLessThan')).toEqual({ Next: 'High', Comment: 'good', Variable: '$.score', NumericLessThan: 80 });
  });
  it('starts a value of the new kind when the kind changes', () => {
    expect(withOperator(rule, 'StringEquals')).toMatchObject({ Variable: '$.score', StringEquals: '' });
    expect(withOperator(rule, 'IsNull')).toMatchObject({ Variable: '$.score', IsNull: true });
    expect(withOperator(rule, 'NumericEqualsPath', '$.limit')).toMatchObject({ NumericEqualsPath: '$.limit' });
    expect(withOperator(rule, 'NumericEqualsPath')).toMatchObject({ NumericEqualsPath: '' });
    expect(withOperator({ Variable: '$.t', StringEquals: 'nope' }, 'TimestampEquals')).toEqual({
      Variable: '$.t',
      TimestampEquals: '2024-01-01T00:00:00Z',
    });
    expect(withOperator({ Variable: '$.t', StringEquals: '2024-07-01T00:00:00Z' }, 'TimestampEquals')).toEqual({
      Variable: '$.t',
      TimestampEquals: '2024-07-01T00:00:00Z',
    });
  });
  it('wraps a comparison into And/Or/Not, leaving Next on the outer rule', () => {
    expect(withOperator(rule, 'And')).toEqual({
      Next: 'High',
      Comment: 'good',
      And: [{ Variable: '$.score', NumericGreaterThanEquals: 80 }],
    });
    expect(withOperator(rule, 'Not')).toEqual({
      Next: 'High',
      Comment: 'good',
      Not: { Variable: '$.score', NumericGreaterThanEquals: 80 },
    });
  });
  it('moves rules between combinators', () => {
    const and = {
      And: [
        { Variable: '$.a', IsPresent: true },
        { Variable: '$.b', IsNull: false },
      ],
      Next: 'X',
    };
    expect(withOperator(and, 'Or')).toEqual({ Next: 'X', Or: and.And });
    expect(withOperator(and, 'Not')).toEqual({ Next: 'X', Not: and.And[0] });
    expect(withOperator({ Not: { Variable: '$.a', IsNull: true } }, 'Or')).toEqual({ Or: [{ Variable: '$.a', IsNull: true }] });
    expect(withOperator({ And: [] }, 'Or', '$.score')).toEqual({ Or: [{ Variable: '$.score', IsPresent: true }] });
  });
  it('turns a combinator into a comparison on the first Variable inside it', () => {
    expect(withOperator({ Or: [{ Not: { Variable: '$.deep', IsNull: true } }], Next: 'X' }, 'StringEquals')).toEqual({
      Next: 'X',
      Variable: '$.deep',
      StringEquals: '',
    });
    expect(withOperator({ And: [] }, 'IsString')).toEqual({ Variable: '', IsString: true });
  });
  it('returns the rule itself for its own operator', () => {
    expect(withOperator(rule, 'NumericGreaterThanEquals')).toBe(rule);
  });
});

describe('parseOperand and operandText', () => {
  it('reads numbers, timestamps, patterns and booleans', () => {
    expect(parseOperand('number', '4.5')).toEqual({ ok: true, value: 4.5 });
    expect(parseOperand('number', '').ok).toBe(false);
    expect(parseOperand('timestamp', '2024-02-30T00:00:00Z').ok).toBe(false);
    expect(parseOperand('timestamp', '2024-02-29T00:00:00Z')).toEqual({ ok: true, value: '2024-02-29T00:00:00Z' });
    expect(parseOperand('pattern', 'log-\\*.txt')).toEqual({ ok: true, value: 'log-\\*.txt' });
    expect(parseOperand('pattern', 'a\\b').ok).toBe(false);
    expect(parseOperand('test', 'false')).toEqual({ ok: true, value: false });
    expect(parseOperand('string', 'any text')).toEqual({ ok: true, value: 'any text' });
  });
  it('shows strings as they are and other values as JSON', () => {
    expect(operandText('abc')).toBe('abc');
    expect(operandText(3)).toBe('3');
    expect(operandText(undefined)).toBe('');
  });
});

describe('subRules and newRule', () => {
  it('lists nested rules', () => {
    expect(subRules({ And: [1, 2] })).toEqual([1, 2]);
    expect(subRules({ Not: { a: 1 } })).toEqual([{ a: 1 }]);
    expect(subRules({ Variable: '$', IsNull: true })).toEqual([]);
  });
  it('starts a rule on the field it is given, never a made-up one', () => {
    expect(newRule('$.advisor_name', 'Next1')).toEqual({ Variable: '$.advisor_name', IsPresent: true, Next: 'Next1' });
    expect(newRule('')).toEqual({ Variable: '', IsPresent: true });
  });
});
