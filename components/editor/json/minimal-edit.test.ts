import { describe, expect, it } from 'vitest';
import { minimalEdit } from './minimal-edit';

const apply = (text: string, e: ReturnType<typeof minimalEdit>) => text.slice(0, e.from) + e.insert + text.slice(e.to);

describe('minimalEdit', () => {
  const cases: Array<[string, string, { from: number; to: number; insert: string }]> = [
    ['abc', 'abc', { from: 3, to: 3, insert: '' }],
    ['', 'x', { from: 0, to: 0, insert: 'x' }],
    ['x', '', { from: 0, to: 1, insert: '' }],
    ['{"a": 1}', '{"a": 12}', { from: 7, to: 7, insert: '2' }],
    ['{"a": 12}', '{"a": 1}', { from: 7, to: 8, insert: '' }],
    ['"Next": "A"', '"Next": "B"', { from: 9, to: 10, insert: 'B' }],
    // A repeated character: the prefix is taken greedily, the suffix never overlaps it.
    ['aaa', 'aaaa', { from: 3, to: 3, insert: 'a' }],
    ['abab', 'ab', { from: 2, to: 4, insert: '' }],
  ];
  it.each(cases)('%j → %j', (from, to, expected) => {
    const e = minimalEdit(from, to);
    expect(e).toEqual(expected);
    expect(apply(from, e)).toBe(to);
  });

  it('turns any text into any other', () => {
    const texts = ['', 'a', 'ab', 'ba', '{\n  "x": [1, 2]\n}', '{\n  "x": [1, 3, 2]\n}', 'ñ😀'];
    for (const a of texts) for (const b of texts) expect(apply(a, minimalEdit(a, b))).toBe(b);
  });
});
