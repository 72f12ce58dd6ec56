import { describe, expect, it } from 'vitest';
import { boundsOf, clipToFrame, overviewFrame, toFlow, toMap, visibleFlow } from './overview-geometry';

const canvas = { width: 1000, height: 800 };

describe('overviewFrame', () => {
  it('draws a graph of ordinary proportions to scale in a box of at most 200 × 150, no larger than the drawing', () => {
    const f = overviewFrame({ x: 0, y: 0, width: 1200, height: 900 }, canvas);
    expect([f.shape, f.width, f.height]).toEqual(['box', 198, 150]);
    const wide = overviewFrame({ x: 0, y: 0, width: 1200, height: 450 }, canvas);
    expect([wide.width, wide.height]).toEqual([200, 80]);
    expect(f.sx).toBe(f.sy);
    const all = toMap(f, { x: 0, y: 0, width: 1200, height: 900 });
    expect(all.x + all.width).toBeLessThanOrEqual(200);
    expect(all.y + all.height).toBeLessThanOrEqual(150);
  });

  it('gives a long chain a strip down the canvas, filled across, so its states are more than specks', () => {
    // About the generated 1,000-state workflow: 830 px wide, 130,000 px tall.
    const f = overviewFrame({ x: -10, y: 40, width: 830, height: 130_000 }, canvas);
    expect(f.shape).toBe('column');
    expect(f.width).toBeLessThan(100);
    expect(f.height).toBe(canvas.height - 140);
    const state = toMap(f, { x: -10, y: 40, width: 240, height: 76 });
    expect(state.width).toBeGreaterThan(15);
    expect(state.height).toBeGreaterThanOrEqual(1);
    const chain = toMap(f, { x: -10, y: 40, width: 830, height: 130_000 });
    expect(chain.width).toBeCloseTo(f.width - 8);
    expect(chain.height).toBeCloseTo(f.height - 8);
  });

  it('gives a very wide graph a strip along the bottom', () => {
    const f = overviewFrame({ x: 0, y: 0, width: 60_000, height: 400 }, canvas);
    expect(f.shape).toBe('row');
    expect(f.height).toBeLessThan(100);
    expect(f.width).toBe(canvas.width - 280);
  });
});

describe('toFlow and visibleFlow', () => {
  it('map a point of the overview back to the flow (the inverse of toMap)', () => {
    const f = overviewFrame({ x: -10, y: 40, width: 830, height: 130_000 }, canvas);
    const m = toMap(f, { x: 200, y: 65_000, width: 10, height: 10 });
    const p = toFlow(f, m);
    expect(p.x).toBeCloseTo(200);
    expect(p.y).toBeCloseTo(65_000);
  });

  it('give the part of the flow on screen from the transform', () => {
    expect(visibleFlow([100, -400, 0.5], canvas)).toEqual({ x: -200, y: 800, width: 2000, height: 1600 });
  });

  it('bound a set of boxes', () => {
    expect(boundsOf([])).toEqual({ x: 0, y: 0, width: 0, height: 0 });
    expect(
      boundsOf([
        { x: 0, y: 10, width: 5, height: 5 },
        { x: -5, y: 0, width: 2, height: 2 },
      ]),
    ).toEqual({ x: -5, y: 0, width: 10, height: 15 });
  });
});

describe('clipToFrame', () => {
  const f = overviewFrame({ x: 0, y: 0, width: 1200, height: 900 }, canvas);
  it('cuts the view to the frame and keeps it at least 3 px each way', () => {
    expect(clipToFrame(f, { x: -50, y: 10, width: 100, height: 20 })).toEqual({ x: 0, y: 10, width: 50, height: 20 });
    expect(clipToFrame(f, { x: 20, y: 20, width: 0.5, height: 0.5 })).toEqual({ x: 20, y: 20, width: 3, height: 3 });
    expect(clipToFrame(f, { x: 500, y: 500, width: 10, height: 10 })).toEqual({ x: 195, y: 147, width: 3, height: 3 });
  });
});
