import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../__fixtures__/load.ts';
import { testContext } from './__fixtures__/context.ts';
import { COMPARISON_OPERATORS } from '../asl/choice-operators.ts';
import { evaluateChoice } from './choice.ts';

interface ChoiceCases {
  input: Record<string, unknown>;
  matches: Array<{ rule: Record<string, unknown>; expected: boolean }>;
  runtimeErrors: Array<{ rule: Record<string, unknown>; cause: string }>;
}
const cases = loadFixture<ChoiceCases>('../runtime/__fixtures__/choice-cases.json');
const context = testContext();
const single = (rule: Record<string, unknown>) => ({ Type: 'Choice', Choices: [{ ...rule, Next: 'Yes' }], Default: 'No' });

describe('evaluateChoice rules', () => {
  it.each(cases.matches)('$rule → $expected', ({ rule, expected }) => {
    expect(evaluateChoice(single(rule), cases.input, context)).toBe(expected ? 'Yes' : 'No');
  });

  it.each(cases.runtimeErrors)('$rule is States.Runtime', ({ rule, cause }) => {
    const e = failure(() => evaluateChoice(single(rule), cases.input, context));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toContain(cause);
  });

  it('exercises every comparison operator both ways', () => {
    const outcomes = new Map<string, Set<boolean>>();
    for (const { rule, expected } of cases.matches) {
      const op = Object.keys(rule).find((k) => COMPARISON_OPERATORS.has(k));
      if (op) outcomes.set(op, (outcomes.get(op) ?? new Set()).add(expected));
    }
    const missing = [...COMPARISON_OPERATORS.keys()].filter((op) => outcomes.get(op)?.size !== 2);
    expect(missing).toEqual([]);
  });
});

describe('evaluateChoice state', () => {
  const state = {
    Type: 'Choice',
    Choices: [
      { Variable: '$.n', NumericGreaterThan: 10, Next: 'Big' },
      { Variable: '$.n', NumericGreaterThan: 5, Next: 'Medium' },
      { Variable: '$.n', NumericGreaterThan: 0, Next: 'Small' },
    ],
  };

  it('takes the first matching rule in order', () => {
    expect(evaluateChoice(state, { n: 20 })).toBe('Big');
    expect(evaluateChoice(state, { n: 7 })).toBe('Medium');
    expect(evaluateChoice(state, { n: 1 })).toBe('Small');
  });

  it('falls back to Default', () => {
    expect(evaluateChoice({ ...state, Default: 'Other' }, { n: -1 })).toBe('Other');
  });

  it('without a match or Default is States.NoChoiceMatched', () => {
    const e = failure(() => evaluateChoice(state, { n: -1 }));
    expect(e.error).toBe('States.NoChoiceMatched');
  });

  it('a $$ Variable needs the context', () => {
    const s = single({ Variable: '$$.Execution.Name', StringEquals: 'run-1' });
    expect(failure(() => evaluateChoice(s, {})).error).toBe('States.Runtime');
  });
});
