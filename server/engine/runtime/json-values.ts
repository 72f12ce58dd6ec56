import { isObject } from '../json.ts';

/**
 * JSON helpers for the runtime: structural equality and how values are named in causes.
 * Values are parsed JSON, so objects are plain and the only "absent" marker is `undefined`.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** "a string", "an object", … for causes. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (isObject(value)) return 'an object';
  const type = typeof value;
  return type === 'number' && Number.isInteger(value) ? 'an integer' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A short JSON rendering of a value for causes (truncated so causes stay readable). */
export function preview(value: unknown, max = 80): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
