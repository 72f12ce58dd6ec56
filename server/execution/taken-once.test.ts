import { describe, expect, it } from 'vitest';
import { TakenOnce } from './taken-once.ts';

describe('a value handed over with an object', () => {
  it('is taken once, by the same object only', () => {
    const given = new TakenOnce<object, number>();
    const a = {};
    given.give(a, 1);
    expect(given.take({})).toBeUndefined();
    expect(given.take(a)).toBe(1);
    expect(given.take(a)).toBeUndefined();
  });
});
