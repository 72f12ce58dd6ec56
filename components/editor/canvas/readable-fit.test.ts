import { describe, expect, it } from 'vitest';
import { readableFit } from './readable-fit';
import { READABLE_MIN_ZOOM } from './zoom-context';

const canvas = { width: 1000, height: 800 };
/** The flow point at the middle of the canvas for a viewport. */
const middle = (v: { x: number; y: number; zoom: number }) => ({ x: (500 - v.x) / v.zoom, y: (400 - v.y) / v.zoom });

describe('readableFit', () => {
  it('fits a graph that can be read whole, centred, at most at zoom 1', () => {
    const v = readableFit({ x: 0, y: 0, width: 1800, height: 1200 }, canvas, { x: 0, y: 0, zoom: 1 });
    expect(v.zoom).toBeCloseTo(0.5);
    expect(middle(v).x).toBeCloseTo(900);
    expect(middle(v).y).toBeCloseTo(600);
    expect(readableFit({ x: 0, y: 0, width: 100, height: 100 }, canvas, { x: 0, y: 0, zoom: 0.3 }).zoom).toBe(1);
  });

  it('stops a long chain at the readable zoom, around where the view is now, kept within the graph', () => {
    const chain = { x: 0, y: 0, width: 830, height: 130_000 };
    // Looking at the middle of the chain at zoom 0.8.
    const here = { x: 500 - 400 * 0.8, y: 400 - 65_000 * 0.8, zoom: 0.8 };
    const v = readableFit(chain, canvas, here);
    expect(v.zoom).toBe(READABLE_MIN_ZOOM);
    expect(middle(v).y).toBeCloseTo(65_000);
    // Narrower than the canvas at that zoom: centred across.
    expect(middle(v).x).toBeCloseTo(415);
    // Near the top, the view does not show empty room above the start.
    const top = readableFit(chain, canvas, { x: 0, y: 0, zoom: 0.8 });
    expect(top.y).toBeCloseTo(0);
  });

  it('takes the readable floor for a graph too large both ways', () => {
    const v = readableFit({ x: 0, y: 0, width: 20_000, height: 130_000 }, canvas, { x: 0, y: 0, zoom: 1 });
    expect(v.zoom).toBe(READABLE_MIN_ZOOM);
  });

  it('leaves the view as it is for an empty graph or canvas', () => {
    const here = { x: 5, y: 6, zoom: 0.7 };
    expect(readableFit({ x: 0, y: 0, width: 0, height: 0 }, canvas, here)).toBe(here);
    expect(readableFit({ x: 0, y: 0, width: 10, height: 10 }, { width: 0, height: 0 }, here)).toBe(here);
  });
});
