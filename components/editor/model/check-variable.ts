import { parsePath } from '@/server/engine/paths/parse-path';
import type { Shape } from './shape';

/** The data a path reads: `$` (the state's selected input) and `$$` (the context object). */
export interface ShapeSource {
  shape: Shape;
  context: Shape;
}

/**
 * Why a Reference Path (a Choice rule's Variable or `…Path` operand) names something the data
 * reaching it cannot have, or null when it may be there (or the path does not parse: the syntax
 * is checked elsewhere, checkPath). A member is missing only from a closed object (shape.ts:
 * every part of the data known); a member of an array or of a scalar, and an index into an
 * object or a scalar, cannot be there either. Whatever is `unknown` may hold anything.
 */
export function variableProblem(text: string, source: ShapeSource): string | null {
  const parsed = parsePath(text);
  if (!parsed.ok || !parsed.isReferencePath) return null;
  let shape = parsed.ast.root === '$' ? source.shape : source.context;
  let at: string = parsed.ast.root;
  for (const segment of parsed.ast.segments) {
    if (segment.type !== 'member' && segment.type !== 'index') return null;
    if (shape.kind === 'unknown') return null;
    if (segment.type === 'member') {
      if (shape.kind !== 'object') return `${at} is ${describe(shape)}, which has no field "${segment.name}"`;
      const field = shape.fields[segment.name];
      if (field === undefined) return shape.open ? null : missing(at, segment.name, shape.fields);
      shape = field;
      at = `${at}${/^[A-Za-z_][\w-]*$/.test(segment.name) ? `.${segment.name}` : `['${segment.name}']`}`;
    } else {
      if (shape.kind !== 'array') return `${at} is ${describe(shape)}, not an array: [${segment.index}] cannot select anything`;
      const position = segment.index < 0 ? (shape.tuple?.length ?? 0) + segment.index : segment.index;
      if (shape.tuple && (position < 0 || position >= shape.tuple.length)) {
        return `${at} has ${shape.tuple.length} ${shape.tuple.length === 1 ? 'item' : 'items'}: [${segment.index}] is not one of them`;
      }
      shape = shape.tuple?.[position] ?? shape.items;
      at = `${at}[${segment.index}]`;
    }
  }
  return null;
}

function missing(at: string, name: string, fields: Readonly<Record<string, Shape>>): string {
  const names = Object.keys(fields);
  const where = at === '$' ? 'the data reaching this state' : at === '$$' ? 'the context object' : at;
  if (names.length === 0) return `${where} has no fields, so "${name}" cannot be there`;
  const shown = names.slice(0, 8).join(', ') + (names.length > 8 ? ', …' : '');
  return `${where} has no field "${name}" (it has ${shown})`;
}

function describe(shape: Shape): string {
  switch (shape.kind) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'integer':
    case 'number':
      return 'a number';
    case 'null':
      return 'null';
    default:
      return `a ${shape.kind}`;
  }
}

/** The first leaf path of a shape (`$.advisor_name`), for a new rule to start with; null when none is known. */
export function firstField(shape: Shape): string | null {
  if (shape.kind !== 'object') return null;
  const name = Object.keys(shape.fields).find((n) => /^[A-Za-z_][\w-]*$/.test(n));
  return name === undefined ? null : `$.${name}`;
}
