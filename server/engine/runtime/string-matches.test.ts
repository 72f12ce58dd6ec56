import { describe, expect, it, vi } from 'vitest';
import { onLinearEngine } from '../../testing/no-backtracking.ts';
import { MAX_STRING_MATCHES_WILDCARDS } from '../asl/string-pattern.ts';
import { failure } from './__fixtures__/states-failure.ts';
import { evaluateChoice } from './choice.ts';
import { stringMatches } from './string-matches.ts';

/** The former implementation (a `u` RegExp), kept here as the reference for the semantics. */
function regexReference(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') source += '[\\s\\S]*';
    else source += (ch === '\\' && i + 1 < pattern.length ? pattern[++i]! : ch).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'u');
}

/** Every string of length 0..max over `alphabet`. */
function strings(alphabet: string[], max: number): string[] {
  let level = [''];
  const all = [''];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((s) => alphabet.map((c) => s + c));
    all.push(...level);
  }
  return all;
}

/**
 * Counted work: the characters `work` scans with String#indexOf (from where a search starts to the end
 * of what it found, or to the end of the string). Past `bound` it throws, so a matcher that retries
 * fails at once instead of running for minutes.
 */
function scanned<T>(bound: number, work: () => T): { result: T; chars: number } {
  const indexOf = String.prototype.indexOf;
  let chars = 0;
  const spy = vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (this: string, piece: string, from = 0) {
    const at = indexOf.call(this, piece, from);
    chars += (at === -1 ? this.length : at + piece.length) - Math.max(0, from);
    if (chars > bound) throw new Error(`scanned ${chars} characters, more than ${bound}`);
    return at;
  });
  try {
    return { result: work(), chars };
  } finally {
    spy.mockRestore();
  }
}

describe('stringMatches', () => {
  it('decides the probe pattern at once (the former RegExp ran for more than 90 s): one pass per wildcard, no RegExp', () => {
    const probes: Array<[string, string, boolean]> = [
      ['a'.repeat(60), '*a*a*a*a*a*a*a*a*b', false],
      [`${'a'.repeat(60)}b`, '*a*a*a*a*a*a*a*a*b', true],
      [`${'a'.repeat(59)}ba`, '*a*a*a*a*a*a*a*a*b*a', true],
      [`${'ab'.repeat(50_000)}`, '*a*b*c*b', false],
      ['a'.repeat(100_000), `${'*a'.repeat(MAX_STRING_MATCHES_WILDCARDS)}b`, false],
    ];
    for (const [value, pattern, expected] of probes) {
      const wildcards = pattern.split('*').length - 1;
      const { value: counted } = onLinearEngine(() => scanned(wildcards * value.length, () => stringMatches(value, pattern)));
      expect(counted.result, pattern).toBe(expected);
      expect(counted.chars, pattern).toBeLessThanOrEqual(wildcards * value.length);
    }
  });

  it('agrees with the former RegExp on every short pattern and string', () => {
    const patterns = strings(['a', 'b', '*', '\\'], 5);
    const values = strings(['a', 'b', '*', '\\', '\n'], 4);
    const disagreements = patterns.flatMap((p) => {
      const reference = regexReference(p);
      return values.filter((v) => stringMatches(v, p) !== reference.test(v)).map((v) => [p, v]);
    });
    expect(disagreements).toEqual([]);
  });

  it.each([
    ['a literal star', 'a\\*b', 'a*b', true],
    ['a literal star is not a wildcard', 'a\\*b', 'axb', false],
    ['a literal backslash', 'a\\\\b', 'a\\b', true],
    ['a wildcard spans line breaks', 'a*b', 'a\n\nb', true],
    ['a wildcard matches whole characters', 'x*y', 'x😀y', true],
    ['a literal character is never split', '*\uDE00*', '😀', false],
    ['prefix and suffix may not overlap', 'ab*ba', 'aba', false],
    ['consecutive wildcards', 'a**b', 'ab', true],
  ])('%s', (_name, pattern, value, expected) => {
    expect(stringMatches(value, pattern)).toBe(expected);
  });

  it(`fails a state whose pattern has more than ${MAX_STRING_MATCHES_WILDCARDS} wildcards with States.Runtime`, () => {
    // The validator rejects such a document; a caller that skipped it still gets a clear failure.
    const choice = (pattern: string) => ({
      Type: 'Choice',
      Choices: [{ Variable: '$.s', StringMatches: pattern, Next: 'Y' }],
      Default: 'N',
    });
    const input = { s: 'a'.repeat(60) };
    const e = failure(() => evaluateChoice(choice(`${'*a'.repeat(MAX_STRING_MATCHES_WILDCARDS + 1)}b`), input));
    expect(e.error).toBe('States.Runtime');
    expect(e.cause).toBe(`StringMatches: the pattern has 33 wildcards (*); at most ${MAX_STRING_MATCHES_WILDCARDS} are allowed`);
    expect(evaluateChoice(choice(`${'*a'.repeat(MAX_STRING_MATCHES_WILDCARDS)}`), input)).toBe('Y');
  });
});
