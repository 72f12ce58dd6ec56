/**
 * Immutable list edits behind the inspector's lists (retriers, catchers, Choice rules, sub-rules,
 * skills, imports): each returns a new array and leaves its input alone. An index out of range
 * returns the list unchanged (same reference), so a stale click never corrupts a document.
 */

/** The list with the item at `from` moved to position `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (!inRange(list, from) || !inRange(list, to) || from === to) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** The list without the item at `index`. */
export function removeItem<T>(list: readonly T[], index: number): readonly T[] {
  return inRange(list, index) ? list.filter((_, i) => i !== index) : list;
}

/** The list with the item at `index` replaced by `item`. */
export function replaceItem<T>(list: readonly T[], index: number, item: T): readonly T[] {
  return inRange(list, index) ? list.map((x, i) => (i === index ? item : x)) : list;
}

/** An array field as a list: the value when it is an array, else empty. */
export function asList(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function inRange(list: readonly unknown[], i: number): boolean {
  return Number.isInteger(i) && i >= 0 && i < list.length;
}

/** A copy of `obj` with `key` set to `value`, or without `key` when `value` is undefined. */
export function withMember<T extends Record<string, unknown>>(obj: T, key: string, value: unknown): T {
  const out: Record<string, unknown> = { ...obj };
  if (value === undefined) delete out[key];
  else out[key] = value;
  return out as T;
}
