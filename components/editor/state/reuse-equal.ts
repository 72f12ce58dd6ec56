/**
 * Structural sharing for a re-parsed document: returns `next`, except that every subtree deeply
 * equal to the subtree at the same place in `prev` is `prev`'s object. Typing in the JSON view
 * parses a brand-new document per keystroke; with this, only the states that really changed get
 * new objects, so memoised canvas nodes of the others do not redraw.
 */
export function reuseEqual<T>(prev: unknown, next: T): T {
  if (prev === next) return next;
  if (typeof prev !== 'object' || typeof next !== 'object' || prev === null || next === null) return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  if (Array.isArray(next)) {
    const p = prev as unknown[];
    let same = p.length === next.length;
    const out = next.map((v, i) => {
      const r = reuseEqual(p[i], v);
      if (r !== p[i]) same = false;
      return r;
    });
    return (same ? p : out) as T;
  }
  const p = prev as Record<string, unknown>;
  const n = next as Record<string, unknown>;
  const keys = Object.keys(n);
  const prevKeys = Object.keys(p);
  let same = keys.length === prevKeys.length;
  const out: Record<string, unknown> = {};
  keys.forEach((k, i) => {
    const r = reuseEqual(p[k], n[k]);
    out[k] = r;
    // Key order is part of the document (the JSON view prints it): a reordering is a change.
    if (r !== p[k] || prevKeys[i] !== k) same = false;
  });
  return (same ? p : out) as T;
}
