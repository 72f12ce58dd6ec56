import { describe, expect, it } from 'vitest';
import { nameProblem, uniqueName } from './state-names';

describe('uniqueName', () => {
  const taken = new Set(['Task', 'Task2', 'Pass1', 'Copy', '123']);
  it.each([
    ['Fresh', 'Fresh'],
    ['Task', 'Task3'],
    ['Task2', 'Task3'],
    ['Pass1', 'Pass2'],
    ['  ', 'State'],
    ['123', '1232'],
  ])('%j → %j', (base, expected) => {
    expect(uniqueName(base, taken)).toBe(expected);
  });

  it('stays within 80 characters', () => {
    const long = 'x'.repeat(80);
    const name = uniqueName(long, new Set([long]));
    expect(name).toBe(`${'x'.repeat(79)}2`);
  });
});

describe('nameProblem', () => {
  const taken = new Set(['A']);
  it.each([
    ['B', null],
    ['A', 'duplicate_name'],
    ['', 'invalid_name'],
    [' B', 'invalid_name'],
    ['x'.repeat(81), 'invalid_name'],
    [42, 'invalid_name'],
  ])('%j → %s', (name, code) => {
    const problem = nameProblem(name, taken);
    expect(problem === null ? null : problem.error.code).toBe(code);
  });

  it('accepts exactly 80 characters, counting code points', () => {
    expect(nameProblem('é'.repeat(80), taken)).toBeNull();
    expect(nameProblem('😀'.repeat(80), taken)).toBeNull();
  });
});
