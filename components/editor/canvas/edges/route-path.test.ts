import { describe, expect, it } from 'vitest';
import { routePath } from './route-path';

describe('routePath', () => {
  it('draws a straight route as one line, label in its middle', () => {
    const r = routePath({ start: { x: 0, y: 0 }, bends: [], end: { x: 0, y: 100 } });
    expect(r.d).toBe('M 0 0 L 0 100');
    expect([r.labelX, r.labelY]).toEqual([0, 50]);
  });

  it('rounds each bend with a quadratic curve through the corner', () => {
    const r = routePath({
      start: { x: 0, y: 0 },
      bends: [
        { x: 0, y: 50 },
        { x: 100, y: 50 },
      ],
      end: { x: 100, y: 120 },
    });
    expect(r.d).toBe('M 0 0 L 0 44 Q 0 50 6 50 L 94 50 Q 100 50 100 56 L 100 120');
    // The longest segment is the horizontal one.
    expect([r.labelX, r.labelY]).toEqual([50, 50]);
  });

  it("never rounds more than half a short segment, and uses ELK's label box", () => {
    const r = routePath({
      start: { x: 0, y: 0 },
      bends: [{ x: 0, y: 4 }],
      end: { x: 40, y: 4 },
      label: { x: 10, y: 20, width: 30, height: 10 },
    });
    expect(r.d).toBe('M 0 0 L 0 2 Q 0 4 2 4 L 40 4');
    expect([r.labelX, r.labelY]).toEqual([25, 25]);
  });
});
