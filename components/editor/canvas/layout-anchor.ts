/**
 * What a person points at stays where it is when a layout lands (issue 33: the layout of a large
 * workflow arrives seconds after its first drawing and moved the state under the pointer away,
 * so a click meant for it met the empty canvas). When the owner's nodes move, the viewport is
 * shifted by the anchor's move instead: the state under the pointer, else the one last clicked
 * (editor-canvas.tsx). States the owner selected (a link to a state) are not anchors: only what the
 * person did on this canvas.
 */

type Point = { x: number; y: number };
type Placed = { id: string; position: Point; parentId?: string };
type Viewport = { x: number; y: number; zoom: number };

/** A node's position on the canvas (positions inside a lane or container are relative to it); null when it is not in `nodes`. */
export function absolutePosition(nodes: readonly Placed[], id: string): Point | null {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  let n = byId.get(id);
  if (!n) return null;
  let x = 0;
  let y = 0;
  for (let depth = 0; n && depth < 64; depth++) {
    x += n.position.x;
    y += n.position.y;
    n = n.parentId ? byId.get(n.parentId) : undefined;
  }
  return { x, y };
}

/**
 * The viewport that keeps a node drawn at `before` (canvas coordinates, under `viewport`) at the
 * same place on screen once it is at `after`; null when it did not move.
 */
export function keepInPlace(viewport: Viewport, before: Point, after: Point): Viewport | null {
  const dx = after.x - before.x;
  const dy = after.y - before.y;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return null;
  return { x: viewport.x - dx * viewport.zoom, y: viewport.y - dy * viewport.zoom, zoom: viewport.zoom };
}
