/** A rectangle in flow or map pixels. */
export type Box = { x: number; y: number; width: number; height: number };

/** The overview's frame on screen and how flow coordinates map into it. */
export interface OverviewFrame {
  /** A box drawn to scale, or a strip down (`column`) or along (`row`) the canvas, stretched across. */
  shape: 'box' | 'column' | 'row';
  width: number;
  height: number;
  /** Map x = (flow x - bounds.x) * sx + pad; likewise y. */
  sx: number;
  sy: number;
  bounds: Box;
}

/** Room kept free round the drawing inside the frame. */
const PAD = 4;
/** The largest frame of a graph of ordinary proportions, as React Flow's minimap has it. */
const BOX = { width: 200, height: 150 };
/** The short side of a strip, and the room left free along its long side (the controls, the corners). */
const STRIP = 72;
const STRIP_MARGIN = 140;
/** A graph this much taller than wide (or wider than tall), relative to the usual frame, gets a strip. */
const STRIP_ASPECT = 4;

/**
 * The overview's frame for a graph's bounds on a canvas of a given size. A graph of ordinary
 * proportions is drawn to scale in a box of at most 200 × 150. A long chain (a 1,000-state workflow is about
 * 800 px wide and 130,000 px tall) drawn to scale in that box is a line a pixel wide, so the
 * overview of a graph far taller than wide is a strip down the canvas' right side, stretched
 * across to fill it (and a graph far wider than tall a strip along the bottom): a designer then
 * sees where they are along the whole chain and where its Parallels, Choices and errors sit.
 */
export function overviewFrame(bounds: Box, canvas: { width: number; height: number }): OverviewFrame {
  const w = Math.max(1, bounds.width);
  const h = Math.max(1, bounds.height);
  const aspect = h / w / (BOX.height / BOX.width);
  let width = BOX.width;
  let height = BOX.height;
  const shape = aspect > STRIP_ASPECT ? 'column' : aspect < 1 / STRIP_ASPECT ? 'row' : 'box';
  if (shape === 'column') {
    width = STRIP;
    height = Math.max(BOX.height, canvas.height - STRIP_MARGIN);
  } else if (shape === 'row') {
    height = STRIP;
    width = Math.max(BOX.width, canvas.width - 2 * STRIP_MARGIN);
  }
  let sx = (width - 2 * PAD) / w;
  let sy = (height - 2 * PAD) / h;
  if (shape === 'box') {
    // To scale, and no larger than the drawing: the frame covers as little of the canvas as it can.
    sx = sy = Math.min(sx, sy);
    width = Math.ceil(w * sx + 2 * PAD);
    height = Math.ceil(h * sy + 2 * PAD);
  }
  return { shape, width, height, sx, sy, bounds: { x: bounds.x, y: bounds.y, width: w, height: h } };
}

/** A flow rectangle in map pixels (at least a pixel each way, so the smallest state still shows). */
export function toMap(f: OverviewFrame, r: Box): Box {
  return {
    x: (r.x - f.bounds.x) * f.sx + PAD,
    y: (r.y - f.bounds.y) * f.sy + PAD,
    width: Math.max(1, r.width * f.sx),
    height: Math.max(1, r.height * f.sy),
  };
}

/** A map rectangle cut to the frame, at least `min` pixels each way (the view's frame stays visible when zoomed in far). */
export function clipToFrame(f: OverviewFrame, r: Box, min = 3): Box {
  const x = Math.min(Math.max(0, r.x), f.width - min);
  const y = Math.min(Math.max(0, r.y), f.height - min);
  const x2 = Math.min(f.width, r.x + r.width);
  const y2 = Math.min(f.height, r.y + r.height);
  return { x, y, width: Math.max(min, x2 - x), height: Math.max(min, y2 - y) };
}

/** The flow point under a map point (where a click on the overview moves the view to). */
export function toFlow(f: OverviewFrame, p: { x: number; y: number }): { x: number; y: number } {
  return { x: (p.x - PAD) / f.sx + f.bounds.x, y: (p.y - PAD) / f.sy + f.bounds.y };
}

/** The part of the flow the canvas shows, from React Flow's transform [x, y, zoom] and the canvas size. */
export function visibleFlow(transform: readonly [number, number, number], canvas: { width: number; height: number }): Box {
  const [tx, ty, zoom] = transform;
  return { x: -tx / zoom, y: -ty / zoom, width: canvas.width / zoom, height: canvas.height / zoom };
}

/** The bounds of a set of rectangles (zero-sized at the origin when there are none). */
export function boundsOf(rects: readonly Box[]): Box {
  if (rects.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const r of rects) {
    x1 = Math.min(x1, r.x);
    y1 = Math.min(y1, r.y);
    x2 = Math.max(x2, r.x + r.width);
    y2 = Math.max(y2, r.y + r.height);
  }
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}
