import { describe, expect, it } from 'vitest';
import { farFontSize } from './zoom-context';

describe('farFontSize', () => {
  it('draws a short name as large as the box height allows, a long one as large as fits across', () => {
    expect(farFontSize('S1', 240, 96)).toBe(67);
    const long = 'CheckAffordability';
    const size = farFontSize(long, 240, 96);
    expect(size).toBe(16);
    // The name, the glyph and its space fit across the card inside its padding.
    expect(size * (0.68 * long.length + 0.65)).toBeLessThanOrEqual(240 - 32);
    // Four characters on a Task card with a meta row: not the height's 67 px, which overflowed.
    expect(farFontSize('S558', 240, 96)).toBe(61);
  });
  it('never goes below 14 px nor above 96 px', () => {
    expect(farFontSize('x'.repeat(200), 240, 96)).toBe(14);
    expect(farFontSize('A', 2000, 2000)).toBe(96);
  });
});
