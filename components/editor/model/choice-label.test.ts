import { describe, expect, it } from 'vitest';
import { choiceRuleLabel } from './choice-label';

describe('choiceRuleLabel', () => {
  it.each([
    [{ Variable: '$.score', NumericGreaterThanEquals: 80 }, '$.score >= 80'],
    [{ Variable: '$.score', NumericLessThan: 1.5 }, '$.score < 1.5'],
    [{ Variable: '$.name', StringEquals: 'Alex' }, '$.name == "Alex"'],
    [{ Variable: '$.ok', BooleanEquals: false }, '$.ok == false'],
    [{ Variable: '$.t', TimestampGreaterThan: '2024-07-01T00:00:00Z' }, '$.t > "2024-07-01T00:00:00Z"'],
    [{ Variable: '$.a', NumericLessThanEqualsPath: '$.b' }, '$.a <= $.b'],
    [{ Variable: '$.f', StringMatches: '*.mp3' }, '$.f matches "*.mp3"'],
    [{ Variable: '$.x', IsNull: true }, '$.x is null'],
    [{ Variable: '$.x', IsNull: false }, '$.x is not null'],
    [{ Variable: '$.x', IsPresent: false }, '$.x is absent'],
    [{ Variable: '$.x', IsTimestamp: true }, '$.x is a timestamp'],
    [{ And: [{}, {}], Next: 'A' }, 'And(2)'],
    [{ Or: [{ Variable: '$.a', IsString: true }] }, 'Or(1)'],
    [{ Or: 'nope' }, 'Or(?)'],
    [{ Not: { Variable: '$.x', StringEquals: 'a' } }, 'Not($.x == "a")'],
    [{ Not: { Not: { Variable: '$.x', IsBoolean: true } } }, 'Not(Not($.x is a boolean))'],
    [{ NumericEquals: 3 }, '? == 3'],
    [{ Variable: '$.x', Next: 'A' }, '?'],
    ['not a rule', '?'],
    [null, '?'],
  ])('%j → %s', (rule, label) => {
    expect(choiceRuleLabel(rule)).toBe(label);
  });

  it('cuts long labels with an ellipsis', () => {
    const label = choiceRuleLabel({ Variable: '$.a.very.long.path.into.the.input', StringEquals: 'and a long value too' }, 20);
    expect(label).toBe('$.a.very.long.path.…');
    expect(label).toHaveLength(20);
  });
});
