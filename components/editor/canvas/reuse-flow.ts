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
