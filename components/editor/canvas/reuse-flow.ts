import { reuseEqual } from '../state/reuse-equal';

/**
 * Structural sharing for the canvas' nodes or edges: every item deeply equal to the previous
 * output's item of the same id is that previous object (and the whole list is the previous list
 * when nothing changed). A keystroke in the inspector changes one state: React Flow then adopts
 * one new node instead of a thousand, and the memoised node components of the rest do not redraw.
 */
export function reuseById<T extends { id: string }>(prev: readonly T[], next: T[]): T[] {
  const byId = new Map(prev.map((x) => [x.id, x]));
  let same = prev.length === next.length;
  const out = next.map((x, i) => {
    const r = reuseEqual(byId.get(x.id), x);
    if (r !== prev[i]) same = false;
    return r;
  });
  return same ? (prev as T[]) : out;
}

type Measurable = {
  id: string;
  type?: string;
  width?: number;
  height?: number;
  measured?: { width?: number; height?: number };
  data?: unknown;
};

/** The type of state a node draws (its handles follow from it), if it draws one. */
const kindOf = (n: Measurable) => (n.data as { kind?: unknown } | undefined)?.kind;

/**
 * `next` (a node the owner changed) with the size React Flow measured for `drawn`, its copy of
 * the same node, when the node's box and handles cannot have changed: same type, same kind, and
 * the same width and height as measured. React Flow draws a node that comes without `measured`
 * to measure it (its handles' places are forgotten), even off screen; a new layout moves every
 * node, so without this a layout arriving drew and removed a thousand nodes at once.
 */
export function keepMeasured<T extends Measurable>(next: T, drawn: T | undefined): T {
  const m = drawn?.measured;
  if (!m || m.width === undefined || m.height === undefined) return next;
  if (drawn!.type !== next.type || kindOf(drawn!) !== kindOf(next) || m.width !== next.width || m.height !== next.height) return next;
  return { ...next, measured: { width: m.width, height: m.height } };
}
