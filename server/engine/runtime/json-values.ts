import { isObject } from '../json.ts';
import { chargeCompute } from './compute-budget.ts';

/**
 * JSON helpers for the runtime: structural equality, canonical text and how values are named in
 * causes. Values are parsed JSON, so objects are plain and the only "absent" marker is `undefined`.
 * The traversals are iterative (data nested thousands of levels deep cannot overflow the stack)
 * and charge every node to the step's compute budget.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  const pending: Array<[unknown, unknown]> = [[a, b]];
  while (pending.length > 0) {
    chargeCompute();
    const [x, y] = pending.pop()!;
    if (x === y) continue;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = x.length - 1; i >= 0; i--) pending.push([x[i], y[i]]);
    } else if (isObject(x) && isObject(y)) {
      const keys = Object.keys(x);
      if (keys.length !== Object.keys(y).length) return false;
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i]!;
        if (!Object.prototype.hasOwnProperty.call(y, k)) return false;
        pending.push([x[k], y[k]]);
      }
    } else {
      return false;
    }
  }
  return true;
}

/** Marks text to emit, as opposed to a value still to serialise (a JSON value is never a Raw). */
class Raw {
  constructor(readonly text: string) {}
}

/**
 * JSON text with every object's keys sorted, so that two values are deepEqual exactly when their
 * canonical texts are equal (numbers compare as numbers: 1 and 1.0 are one JSON number, -0 is 0).
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    chargeCompute();
    const item = stack.pop();
    if (item instanceof Raw) {
      out.push(item.text);
    } else if (Array.isArray(item)) {
      stack.push(new Raw(']'));
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i], new Raw(i === 0 ? '[' : ','));
      if (item.length === 0) stack.push(new Raw('['));
    } else if (isObject(item)) {
      const keys = Object.keys(item).sort();
      stack.push(new Raw('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(item[keys[i]!], new Raw(`${i === 0 ? '{' : ','}${JSON.stringify(keys[i])}:`));
      }
      if (keys.length === 0) stack.push(new Raw('{'));
    } else {
      out.push(JSON.stringify(item) ?? 'undefined');
    }
  }
  return out.join('');
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
