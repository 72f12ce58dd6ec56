import { failure } from './__fixtures__/states-failure.ts';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../__fixtures__/load.ts';
import { testContext } from './__fixtures__/context.ts';
import { evaluatePath, resolvePath } from './evaluate-path.ts';

interface PathEvalCases {
  document: unknown;
  found: Array<{ path: string; expected: unknown }>;
  missing: Array<{ path: string; cause: string }>;
}
const cases = loadFixture<PathEvalCases>('../runtime/__fixtures__/path-eval-cases.json');
const context = testContext();

describe('evaluatePath', () => {
  it.each(cases.found)('$path', ({ path, expected }) => {
    expect(evaluatePath(path, cases.document, context)).toEqual(expected);
  });

  it.each(cases.missing)('$path is States.Runtime', ({ path, cause }) => {
    const e = failure(() => evaluatePath(path, cases.document, context));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toContain(cause);
  });

  it('$ is the whole input and $$ the whole context', () => {
    expect(evaluatePath('$', cases.document, context)).toBe(cases.document);
    expect(evaluatePath('$$', cases.document, context)).toBe(context);
  });

  it('a path never modifies its input', () => {
    const data = { a: [3, 1, 2] };
    evaluatePath('$.a[::-1]', data, context);
    expect(data).toEqual({ a: [3, 1, 2] });
  });

  it('resolvePath reports "not found" without throwing and $$ without a context is States.Runtime', () => {
    expect(resolvePath('$.x', {}, undefined)).toEqual({
      found: false,
      cause: 'the JSONPath "$.x" could not be found in the input: \'$\' has no field "x"',
    });
    expect(resolvePath('$.x', { x: false }, undefined)).toEqual({ found: true, value: false });
    expect(failure(() => resolvePath('$$.Execution', {}, undefined)).error).toBe('States.Runtime');
  });
});
