import { describe, expect, it } from 'vitest';
import { median, percentile, ratio } from './stats';

describe('bench stats', () => {
  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5);
    expect(percentile([1, 2, 3, 4], 25)).toBe(1);
    expect(median([])).toBeNaN();
    expect(ratio(30, 10)).toBe('3.00×');
    expect(ratio(1, 0)).toBe('—');
  });
});
