import { describe, expect, it } from 'vitest';
import { parseScore } from './score-below-input';

describe('the "Score below" box', () => {
  it('reads a score from 0 to the maximum, blank as no filter', () => {
    expect(parseScore('', 100)).toBeUndefined();
    expect(parseScore('  ', 100)).toBeUndefined();
    expect(parseScore('70', 100)).toBe(70);
    expect(parseScore(' 62.5 ', 100)).toBe(62.5);
    expect(parseScore('0', 100)).toBe(0);
    expect(parseScore('100', 100)).toBe(100);
  });

  it('refuses what is not such a score: above the maximum, negative, text, a typographic minus', () => {
    for (const t of ['150', '100.5', '-5', '−5', 'seventy', '70%', '7,5', 'Infinity']) expect(parseScore(t, 100)).toBeNaN();
  });
});
