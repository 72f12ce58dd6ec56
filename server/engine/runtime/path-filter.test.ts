import { describe, expect, it } from 'vitest';
import { testContext } from './__fixtures__/context.ts';
import { evaluatePath } from './evaluate-path.ts';

const context = testContext();
const matching = (regex: string, values: string[]) =>
  evaluatePath(`$[?(@ =~ ${regex})]`, values, context);

describe('JSONPath =~ (RE2)', () => {
  it('evaluates the probe filter /^(a+)+$/ at once (a backtracking RegExp took ~18 s on 28 characters)', () => {
    const items = [{ s: `${'a'.repeat(27)}b` }, { s: 'a'.repeat(28) }, { s: `${'a'.repeat(5000)}!` }];
    const started = performance.now();
    expect(evaluatePath('$.items[?(@.s =~ /^(a+)+$/)]', { items }, context)).toEqual([{ s: 'a'.repeat(28) }]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['an unanchored search', '/\\d{3}/', ['x123y', 'x12y'], ['x123y']],
    ['explicit anchors', '/^ab+c$/', ['abbc', 'xabbc', 'abbcx'], ['abbc']],
    ['i: case-insensitive, Unicode letters too', '/^élan$/i', ['ÉLAN', 'elan'], ['ÉLAN']],
    ['no i: case-sensitive', '/^a$/', ['A', 'a'], ['a']],
    ['m: ^ and $ at line breaks', '/^b$/m', ['a\nb\nc', 'ab'], ['a\nb\nc']],
    ['no m: ^ only at the start', '/^b/', ['a\nb', 'b'], ['b']],
    ['s: . matches a line break', '/a.b/s', ['a\nb', 'axb'], ['a\nb', 'axb']],
    ['no s: . does not match a line break', '/a.b/', ['a\nb', 'axb'], ['axb']],
    ['. is one whole character (code point)', '/^.$/', ['😀', 'ab'], ['😀']],
    ['an escaped slash', '/^a\\/b$/', ['a/b', 'ab'], ['a/b']],
    ['g and y are ignored: every value is tested afresh', '/a/gy', ['a', 'a', 'ba'], ['a', 'a', 'ba']],
  ])('%s', (_name, regex, values, expected) => {
    expect(matching(regex, values)).toEqual(expected);
  });

  it('tests strings only', () => {
    expect(matching('/1/', [1, '1', null, ['1']] as unknown as string[])).toEqual(['1']);
  });
});
