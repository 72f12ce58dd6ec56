import { describe, expect, it } from 'vitest';
import { StatesError } from '../engine/runtime/index.ts';
import { checkMapSize, nextMapBatch } from './map-batch.ts';

describe('nextMapBatch', () => {
  it.each([
    // total, started, done, limit, batch → count, more
    [10_000, 0, 0, Infinity, 500, 500, true],
    [10_000, 9_500, 0, Infinity, 500, 500, false],
    [10_000, 9_800, 0, Infinity, 500, 200, false],
    [120, 0, 0, 1, 500, 1, false],
    [120, 1, 1, 1, 500, 1, false],
    [400, 0, 0, 120, 50, 50, true],
    [400, 100, 0, 120, 50, 20, false],
    [400, 120, 3, 120, 50, 3, false],
    [400, 400, 10, 120, 50, 0, false],
    [5, 5, 5, Infinity, 50, 0, false],
  ])('total %i, started %i, done %i, limit %d, batch %i → %i (more: %s)', (total, started, done, limit, batch, count, more) => {
    expect(nextMapBatch({ total, started, done, limit }, batch)).toEqual({ count, more });
  });
});

describe('checkMapSize', () => {
  it('lets the cap through and fails one more with States.Runtime naming the setting', () => {
    expect(() => checkMapSize(10_000, 10_000)).not.toThrow();
    let err: unknown;
    try {
      checkMapSize(10_001, 10_000);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StatesError);
    expect(err).toMatchObject({ error: 'States.Runtime', cause: expect.stringContaining('more than DCF_MAP_MAX_ITEMS allows (10000)') });
  });
});
