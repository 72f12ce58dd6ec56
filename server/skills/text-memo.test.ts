import { describe, expect, it } from 'vitest';
import { textMemo } from './text-memo.ts';

describe('textMemo', () => {
  it('computes once per key while the text is the same, again when it changes, and forgets the oldest key past its bound', () => {
    const memo = textMemo<string>(2);
    let computed = 0;
    const upper = (key: string, text: string) => memo(key, text, () => (computed++, text.toUpperCase()));
    expect([upper('a', 'x'), upper('a', 'x'), computed]).toEqual(['X', 'X', 1]);
    expect([upper('a', 'y'), computed]).toEqual(['Y', 2]);
    upper('b', 'x');
    upper('c', 'x'); // a is forgotten
    expect([upper('c', 'x'), computed]).toEqual(['X', 4]);
    expect([upper('a', 'y'), computed]).toEqual(['Y', 5]);
  });
});
