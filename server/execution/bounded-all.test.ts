import { describe, expect, it } from 'vitest';
import { mapBounded } from './bounded-all.ts';

describe('mapBounded', () => {
  it('keeps item order and never has more than `limit` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await mapBounded([5, 1, 4, 2, 3, 0], 2, async (n) => {
      most = Math.max(most, ++inFlight);
      for (let i = 0; i < n; i++) await Promise.resolve(); // finish out of order
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
    await expect(mapBounded([1, 2], 4, async (n) => (n === 2 ? Promise.reject(new Error('no')) : n))).rejects.toThrow('no');
  });
});
