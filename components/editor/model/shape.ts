import { isObject } from '@/server/engine/json';

/**
 * The shape of JSON data flowing through a workflow, as far as the editor can know it before a
 * run: which members exist and what kind of value each holds. `unknown` means "some value, not
 * known" (a skill without a declared output, a JSON string parsed at run time). An object's
 * `fields` are the members it may have; `open` says others may exist too (part of the data is
 * not known), so only a closed object tells that a member cannot be there (check-variable.ts).
 */
export type Shape =
  | { kind: 'object'; fields: Readonly<Record<string, Shape>>; open?: true }
  /** `tuple` keeps per-position shapes when they are known (a Parallel's branch outputs). */
  | { kind: 'array'; items: Shape; tuple?: readonly Shape[] }
  | { kind: 'string'; format?: string }
  | { kind: 'number' }
  | { kind: 'integer' }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'unknown' };

export type ShapeKind = Shape['kind'];

export const UNKNOWN: Shape = { kind: 'unknown' };
export const EMPTY_OBJECT: Shape = { kind: 'object', fields: {} };

/** Nesting beyond this depth is `unknown`, so hostile or generated data cannot blow the stack. */
export const MAX_SHAPE_DEPTH = 32;

export function objectShape(fields: Record<string, Shape>, open = false): Shape {
  return open ? { kind: 'object', fields, open } : { kind: 'object', fields };
}

/** An object of which nothing is known but that it is one: any member may exist. */
export const OPEN_OBJECT: Shape = objectShape({}, true);

/**
 * What a loop's cut stands for before its first pass (state-shapes.ts): nothing yet. It merges
 * away without opening anything, unlike `UNKNOWN`, which is data that is there but not known.
 */
export const PENDING: Shape = { kind: 'unknown' };

/** `shape` merged with data that is not known: an object becomes open, an array's items too. */
function opened(shape: Shape): Shape {
  if (shape.kind === 'object') return shape.open ? shape : { ...shape, open: true };
  if (shape.kind === 'array') return { ...shape, items: opened(shape.items) };
  return shape;
}

export function arrayShape(items: Shape, tuple?: readonly Shape[]): Shape {
  return tuple ? { kind: 'array', items, tuple } : { kind: 'array', items };
}

/**
 * The union of two shapes, as completion wants it: every path either side knows. Objects merge
 * their fields (open when either is); arrays their items (per-position shapes only when both have
 * as many); integer and number give number; `unknown` gives way to the other side, which it opens
 * (`PENDING` gives way without opening); other disagreements give `unknown`.
 */
export function mergeShapes(a: Shape, b: Shape): Shape {
  if (a === b || b === PENDING) return a;
  if (a === PENDING) return b;
  if (b.kind === 'unknown') return a.kind === 'unknown' ? a : opened(a);
  if (a.kind === 'unknown') return opened(b);
  if (a.kind === 'object' && b.kind === 'object') {
    const fields: Record<string, Shape> = { ...a.fields };
    for (const [k, v] of Object.entries(b.fields)) fields[k] = Object.hasOwn(fields, k) ? mergeShapes(fields[k]!, v) : v;
    return objectShape(fields, a.open === true || b.open === true);
  }
  if (a.kind === 'array' && b.kind === 'array') {
    const tuple = a.tuple && b.tuple && a.tuple.length === b.tuple.length ? a.tuple.map((s, i) => mergeShapes(s, b.tuple![i]!)) : undefined;
    return arrayShape(mergeShapes(a.items, b.items), tuple);
  }
  if (a.kind === 'string' && b.kind === 'string') return a.format === b.format ? a : { kind: 'string' };
  const numeric = new Set<ShapeKind>(['number', 'integer']);
  if (numeric.has(a.kind) && numeric.has(b.kind)) return a.kind === b.kind ? a : { kind: 'number' };
  return a.kind === b.kind ? a : UNKNOWN;
}

/** Merges a list of shapes; `unknown` for none. */
export function mergeAll(shapes: readonly Shape[]): Shape {
  const [first, ...rest] = shapes;
  return first === undefined ? UNKNOWN : rest.reduce(mergeShapes, first);
}

/** The shape of a literal JSON value (a Pass Result, a Parameters constant, an example output). */
export function shapeOfValue(value: unknown, depth = 0): Shape {
  if (depth > MAX_SHAPE_DEPTH) return UNKNOWN;
  if (value === null) return { kind: 'null' };
  if (typeof value === 'string') return { kind: 'string' };
  if (typeof value === 'boolean') return { kind: 'boolean' };
  if (typeof value === 'number') return { kind: Number.isInteger(value) ? 'integer' : 'number' };
  if (Array.isArray(value)) {
    const tuple = value.map((v) => shapeOfValue(v, depth + 1));
    return arrayShape(mergeAll(tuple), tuple);
  }
  if (isObject(value)) return objectShape(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOfValue(v, depth + 1)])));
  return UNKNOWN;
}
