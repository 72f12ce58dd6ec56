import type { EdgeRoute } from '../../model/layout-flow-graph';

/**
 * The SVG path of an orthogonal route with slightly rounded corners (radius up to 6 px, less
 * where a segment is shorter), and the point its label sits on: the label box ELK reserved, else
 * the middle of the longest segment.
 */
export function routePath(route: EdgeRoute, radius = 6): { d: string; labelX: number; labelY: number } {
  const pts = [route.start, ...route.bends, route.end];
  let d = `M ${pts[0]!.x} ${pts[0]!.y}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const c = pts[i + 1]!;
    const r = Math.min(radius, dist(a, b) / 2, dist(b, c) / 2);
    const p1 = toward(b, a, r);
    const p2 = toward(b, c, r);
    d += ` L ${p1.x} ${p1.y} Q ${b.x} ${b.y} ${p2.x} ${p2.y}`;
  }
  const last = pts[pts.length - 1]!;
  d += ` L ${last.x} ${last.y}`;
  if (route.label) return { d, labelX: route.label.x + route.label.width / 2, labelY: route.label.y + route.label.height / 2 };
  let best = { len: -1, x: pts[0]!.x, y: pts[0]!.y };
  for (let i = 1; i < pts.length; i++) {
    const len = dist(pts[i - 1]!, pts[i]!);
    if (len > best.len) best = { len, x: (pts[i - 1]!.x + pts[i]!.x) / 2, y: (pts[i - 1]!.y + pts[i]!.y) / 2 };
  }
  return { d, labelX: best.x, labelY: best.y };
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(b.x - a.x, b.y - a.y);

function toward(from: { x: number; y: number }, to: { x: number; y: number }, r: number) {
  const len = dist(from, to) || 1;
  return { x: from.x + ((to.x - from.x) / len) * r, y: from.y + ((to.y - from.y) / len) * r };
}
