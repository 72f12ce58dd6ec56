import { pointerTokens } from '@/lib/json-pointer';
import { isObject } from '@/server/engine/json';

/**
 * Reading and immutably replacing values at RFC 6901 pointers in plain JSON. Array tokens are
 * decimal indexes; nothing is ever mutated: `updateAt` copies the containers on the way down and
 * shares everything else.
 */

/** The value at `pointer`, or undefined when the pointer is malformed or leads nowhere. */
export function getAt(root: unknown, pointer: string): unknown {
  const tokens = pointerTokens(pointer);
  if (!tokens) return undefined;
  let value: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(value) && /^\d+$/.test(token)) value = value[Number(token)];
    else if (isObject(value) && Object.hasOwn(value, token)) value = value[token];
    else return undefined;
  }
  return value;
}

/**
 * A copy of `root` in which the value at `pointer` is replaced by `change(current)`; returning
 * undefined deletes an object member or array element. Null when a container on the way is
 * missing, the pointer is malformed, or it is the root itself; `root` is returned unchanged
 * (same reference) when `change` returns the current value.
 */
export function updateAt<T>(root: T, pointer: string, change: (current: unknown) => unknown): T | null {
  const tokens = pointerTokens(pointer);
  if (!tokens || tokens.length === 0) return null;
  return replaceIn(root, tokens, 0, change) as T | null;
}

function replaceIn(container: unknown, tokens: string[], i: number, change: (current: unknown) => unknown): unknown {
  const token = tokens[i]!;
  const last = i === tokens.length - 1;
  if (Array.isArray(container)) {
    if (!/^\d+$/.test(token) || Number(token) >= container.length) return null;
    const index = Number(token);
    const next = last ? change(container[index]) : replaceIn(container[index], tokens, i + 1, change);
    if (next === null && !last) return null;
    if (next === container[index]) return container;
    const copy = [...container];
    if (next === undefined) copy.splice(index, 1);
    else copy[index] = next;
    return copy;
  }
  if (!isObject(container)) return null;
  if (!last && !Object.hasOwn(container, token)) return null;
  const current = Object.hasOwn(container, token) ? container[token] : undefined;
  const next = last ? change(current) : replaceIn(current, tokens, i + 1, change);
  if (next === null && !last) return null;
  if (next === current && (next !== undefined || !Object.hasOwn(container, token))) return container;
  const copy = { ...container };
  if (next === undefined) delete copy[token];
  else copy[token] = next;
  return copy;
}
