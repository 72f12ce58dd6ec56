import { describe, expect, it } from 'vitest';
import { onLinearEngine } from '../../testing/no-backtracking.ts';
import { testContext } from './__fixtures__/context.ts';
import { evaluatePath, parseCached } from './evaluate-path.ts';

const context = testContext();
const matching = (regex: string, values: string[]) => evaluatePath(`$[?(@ =~ ${regex})]`, values, context);

describe('JSONPath =~ (RE2)', () => {
  it('evaluates the probe filter /^(a+)+$/ at once (a backtracking RegExp took ~18 s on 28 characters)', () => {
    const items = [{ s: `${'a'.repeat(27)}b` }, { s: 'a'.repeat(28) }, { s: `${'a'.repeat(5000)}!` }];
    // The path is parsed first (its tokenizer's RegExps read the path text, not the data); matching the
    // values then runs on RE2 (linear in the string), once per item: a backtracking RegExp would throw.
    const path = '$.items[?(@.s =~ /^(a+)+$/)]';
    expect(parseCached(path).ok).toBe(true);
    const { value, re2Runs } = onLinearEngine(() => evaluatePath(path, { items }, context));
    expect(value).toEqual([{ s: 'a'.repeat(28) }]);
    expect(re2Runs).toBe(items.length);
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
