import { describe, expect, it } from 'vitest';
import { farFontSize } from './zoom-context';

describe('farFontSize', () => {
  it('draws a short name as large as the box height allows, a long one as large as fits across', () => {
    expect(farFontSize('S1', 240, 96)).toBe(67);
    const long = 'CheckAffordability';
    const size = farFontSize(long, 240, 96);
    expect(size).toBe(19);
    expect(size * 0.62 * long.length).toBeLessThanOrEqual(240 - 24);
  });
  it('never goes below 14 px nor above 96 px', () => {
    expect(farFontSize('x'.repeat(200), 240, 96)).toBe(14);
    expect(farFontSize('A', 2000, 2000)).toBe(96);
  });
});
