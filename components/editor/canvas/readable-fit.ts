import type { Box } from './overview-geometry';
import { READABLE_MIN_ZOOM } from './zoom-context';

type Viewport = { x: number; y: number; zoom: number };
type Size = { width: number; height: number };

/** Room kept round a graph fitted whole (a tenth of the canvas), and the largest zoom a fit uses. */
const MARGIN = 0.9;
const MAX_FIT_ZOOM = 1;

/**
 * The canvas' Fit view: the whole graph when it fits at a zoom where names can be read
 * (READABLE_MIN_ZOOM or more), centred. A graph too large for that (a long chain) is shown at that
 * zoom instead (as much of it as can be read): centred across where it fits, and otherwise around
 * the part the view is on now (fitting does not throw the designer back to the top), kept within
 * the graph. The overview strip shows where that is along the whole; Ctrl/⌘+F finds a state.
 */
export function readableFit(bounds: Box, canvas: Size, current: Viewport): Viewport {
  if (bounds.width <= 0 || bounds.height <= 0 || canvas.width <= 0 || canvas.height <= 0) return current;
  const whole = Math.min(MAX_FIT_ZOOM, (canvas.width * MARGIN) / bounds.width, (canvas.height * MARGIN) / bounds.height);
  const centre = (zoom: number, fx: number, fy: number): Viewport => ({
    x: canvas.width / 2 - fx * zoom,
    y: canvas.height / 2 - fy * zoom,
    zoom,
  });
  if (whole >= READABLE_MIN_ZOOM) return centre(whole, bounds.x + bounds.width / 2, bounds.y + bounds.height / 2);
  const zoom = READABLE_MIN_ZOOM;
  // The flow point at the middle of the view now, kept within the graph as seen at the new zoom.
  const clamp = (v: number, lo: number, hi: number) => (lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v)));
  const halfW = canvas.width / 2 / zoom;
  const halfH = canvas.height / 2 / zoom;
  const fx = clamp((canvas.width / 2 - current.x) / current.zoom, bounds.x + halfW, bounds.x + bounds.width - halfW);
  const fy = clamp((canvas.height / 2 - current.y) / current.zoom, bounds.y + halfH, bounds.y + bounds.height - halfH);
  return centre(zoom, fx, fy);
}
