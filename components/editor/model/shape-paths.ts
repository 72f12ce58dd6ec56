import type { PathAst, PathSegment, Selector } from '@/server/engine/paths/path-ast';
import { EMPTY_OBJECT, OPEN_OBJECT, PENDING, UNKNOWN, arrayShape, mergeAll, objectShape, type Shape } from './shape';

/**
 * JSONPath over shapes: what a path selects (InputPath, ItemsPath, a Parameters `.$` value) and
 * what a ResultPath writes. A path that can select several nodes (wildcard, slice, union, filter,
 * descent) gives an array of what each match selects, flattened across nested wildcards as
 * Jayway JSONPath (and so ASL) does. A member of something not known to be an object is `unknown`.
 */
export function selectShape(shape: Shape, segments: readonly PathSegment[]): Shape {
  const r = select(shape, segments, 0);
  return r.many ? arrayShape(r.shape) : r.shape;
}

/** Selects a parsed path: `$` paths from `input`, `$$` paths from `context`. */
export function selectPath(ast: PathAst, input: Shape, context: Shape): Shape {
  return selectShape(ast.root === '$' ? input : context, ast.segments);
}

function select(shape: Shape, segments: readonly PathSegment[], i: number): { shape: Shape; many: boolean } {
  const segment = segments[i];
  if (!segment) return { shape, many: false };
  if (segment.type === 'member' || segment.type === 'index') return select(step(shape, segment), segments, i + 1);
  const element = segment.type === 'descendant' ? UNKNOWN : elementOf(shape, segment);
  return { shape: select(element, segments, i + 1).shape, many: true };
}

function step(shape: Shape, selector: Selector): Shape {
  if (selector.type === 'member') return shape.kind === 'object' ? (shape.fields[selector.name] ?? UNKNOWN) : UNKNOWN;
  if (selector.type === 'index' && shape.kind === 'array') {
    const at = selector.index < 0 ? (shape.tuple?.length ?? 0) + selector.index : selector.index;
    return shape.tuple?.[at] ?? shape.items;
  }
  return UNKNOWN;
}

/** What one match of a multi-selector is: an array's item, or any member of an object. */
function elementOf(shape: Shape, selector: Selector): Shape {
  if (shape.kind === 'array') return shape.items;
  if (shape.kind === 'object') {
    if (selector.type === 'union') return mergeAll(selector.selectors.map((s) => step(shape, s)));
    return mergeAll(Object.values(shape.fields));
  }
  return UNKNOWN;
}

/**
 * The shape after writing `value` at a ResultPath (a Reference Path: members and indexes) into
 * `target`: `$` replaces the whole; `$.a.b` keeps the other members, creating objects on the way
 * (the engine does the same, and fails at run time only when a step is a non-object value).
 * Written into data that is not known, the object stays open: its other members are not known.
 */
export function assignShape(target: Shape, segments: readonly PathSegment[], value: Shape): Shape {
  const [first, ...rest] = segments;
  if (!first) return value;
  if (first.type === 'member') {
    const base = target.kind === 'object' ? target : target.kind === 'unknown' && target !== PENDING ? OPEN_OBJECT : EMPTY_OBJECT;
    const fields = base.kind === 'object' ? base.fields : {};
    const open = base.kind === 'object' && base.open === true;
    return objectShape(
      { ...fields, [first.name]: assignShape(fields[first.name] ?? (open ? OPEN_OBJECT : EMPTY_OBJECT), rest, value) },
      open,
    );
  }
  if (first.type === 'index' && target.kind === 'array') return arrayShape(assignShape(target.items, rest, value));
  return target;
}
