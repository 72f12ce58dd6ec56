/**
 * Whether `JSON.stringify(a) === JSON.stringify(b)` (and so whether the two print the same with
 * any indentation), without printing: subtrees the two share by identity are equal without a
 * look inside. The editor's documents share every untouched subtree with the document they were
 * edited from, so comparing a document with the one it was loaded as walks only the path of what
 * changed — a keystroke in a 1,000-state workflow compares one state and the States object's keys,
 * where printing it would cost milliseconds.
 *
 * It follows JSON.stringify's rules: members whose value is undefined, a function or a symbol are
 * left out (in arrays they print as null); numbers compare as printed (-0 as 0, NaN as null).
 * Anything that is not a plain object or array (a Date, an object with `toJSON`) is compared by
 * printing it.
 */
export function samePrint(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isPlainContainer(a) || !isPlainContainer(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePrint(asItem(a[i]), asItem(b[i]))) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = printedKeys(x);
  const ky = printedKeys(y);
  if (kx.length !== ky.length) return false;
  for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i] || !samePrint(x[kx[i]!], y[ky[i]!])) return false;
  return true;
}

/** A value JSON.stringify leaves out of an object (and prints as null in an array). */
const unprintable = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

const asItem = (v: unknown) => (unprintable(v) ? null : v);

/** An object's members in the order JSON.stringify prints them (own enumerable string keys). */
function printedKeys(o: Record<string, unknown>): string[] {
  const keys = Object.keys(o);
  for (const k of keys) if (unprintable(o[k])) return keys.filter((key) => !unprintable(o[key]));
  return keys;
}

/** An array, or an object of the Object prototype (or none) without `toJSON`: printed member by member. */
function isPlainContainer(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}
