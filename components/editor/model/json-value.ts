import { isObject } from '@/server/engine/json';

/**
 * True for a value JSON can hold: null, booleans, finite numbers, strings, arrays and plain
 * objects of such values (no undefined members, functions, class instances, NaN or Infinity),
 * nested at most `maxDepth` levels. Edits check this so the document stays plain JSON.
 */
export function isJsonValue(value: unknown, maxDepth = 256): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (maxDepth <= 0) return false;
  if (Array.isArray(value)) return value.every((v) => isJsonValue(v, maxDepth - 1));
  if (isObject(value)) return Object.values(value).every((v) => isJsonValue(v, maxDepth - 1));
  return false;
}
