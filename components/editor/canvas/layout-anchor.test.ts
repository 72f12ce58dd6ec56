import { describe, expect, it } from 'vitest';
import { absolutePosition, keepInPlace } from './layout-anchor';

describe('layout anchor', () => {
  it('adds the positions of the lanes and containers a node sits in', () => {
    const nodes = [
      { id: 'p', position: { x: 100, y: 200 } },
      { id: 'lane', position: { x: 10, y: 20 }, parentId: 'p' },
      { id: 's', position: { x: 1, y: 2 }, parentId: 'lane' },
      { id: 'top', position: { x: 5, y: 6 } },
    ];
    expect(absolutePosition(nodes, 's')).toEqual({ x: 111, y: 222 });
    expect(absolutePosition(nodes, 'top')).toEqual({ x: 5, y: 6 });
    expect(absolutePosition(nodes, 'gone')).toBeNull();
  });

  it('moves the viewport against the node, scaled by the zoom, so the node stays on screen where it was', () => {
    const viewport = { x: 40, y: -10, zoom: 0.5 };
    const before = { x: 0, y: 400 };
    const after = { x: 300, y: 100 };
    const next = keepInPlace(viewport, before, after)!;
    // Screen position = canvas position × zoom + viewport offset: the same before and after.
    expect(after.x * next.zoom + next.x).toBe(before.x * viewport.zoom + viewport.x);
    expect(after.y * next.zoom + next.y).toBe(before.y * viewport.zoom + viewport.y);
    expect(next.zoom).toBe(0.5);
  });

  it('leaves the viewport alone when the node did not move', () => {
    expect(keepInPlace({ x: 0, y: 0, zoom: 1 }, { x: 10, y: 10 }, { x: 10.2, y: 9.9 })).toBeNull();
  });
});
