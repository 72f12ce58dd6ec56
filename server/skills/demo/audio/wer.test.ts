import { describe, expect, it } from 'vitest';
import { normaliseWords, wordErrorRate } from './wer.ts';

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions against the reference words', () => {
    expect(wordErrorRate('the cat sat on the mat', 'the cat sat on the mat')).toBe(0);
    expect(wordErrorRate('the cat sat on the mat', 'the bat sat on mat')).toBeCloseTo(2 / 6); // one substitution, one deletion
    expect(wordErrorRate('yes', 'yes yes yes')).toBe(2); // insertions can take it past 1
    expect(wordErrorRate('', '')).toBe(0);
    expect(wordErrorRate('', 'noise')).toBe(1);
  });

  it('compares words without case or punctuation, as a recogniser writes them', () => {
    expect(normaliseWords('Good morning, you’re through to Selina Finance.')).toEqual([
      'good',
      'morning',
      "you're",
      'through',
      'to',
      'selina',
      'finance',
    ]);
    expect(wordErrorRate("It's 8.9%, isn't it?", "it's 8 9 isn't it")).toBe(0);
  });
});
