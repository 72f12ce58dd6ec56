import type { IntrinsicName } from '@/server/engine/intrinsics/intrinsic-ast';
import { parseIntrinsic } from '@/server/engine/intrinsics/parse-intrinsic';
import { isObject } from '@/server/engine/json';
import { parsePath } from '@/server/engine/paths/parse-path';
import { selectPath } from './shape-paths';
import { MAX_SHAPE_DEPTH, OPEN_OBJECT, UNKNOWN, arrayShape, mergeAll, objectShape, shapeOfValue, type Shape } from './shape';

/**
 * The shape a Payload Template (Parameters, ResultSelector, ItemSelector) produces: literal
 * members keep their value's shape; a `key.$` member becomes `key` with the shape its path
 * selects from `input` (`$`) or `context` (`$$`), or the result type of its intrinsic call.
 */
export function payloadShape(template: unknown, input: Shape, context: Shape, depth = 0): Shape {
  if (depth > MAX_SHAPE_DEPTH) return UNKNOWN;
  if (Array.isArray(template)) {
    const tuple = template.map((t) => payloadShape(t, input, context, depth + 1));
    return arrayShape(mergeAll(tuple), tuple);
  }
  if (!isObject(template)) return shapeOfValue(template);
  const fields: Record<string, Shape> = {};
  for (const [key, value] of Object.entries(template)) {
    if (key.endsWith('.$')) fields[key.slice(0, -2)] = dynamicShape(value, input, context);
    else fields[key] = payloadShape(value, input, context, depth + 1);
  }
  return objectShape(fields);
}

/** The shape of a `.$` value: a path's selection or an intrinsic's result; unreadable → unknown. */
export function dynamicShape(value: unknown, input: Shape, context: Shape): Shape {
  if (typeof value !== 'string') return UNKNOWN;
  if (value.startsWith('States.')) {
    const call = parseIntrinsic(value);
    return call.ok ? INTRINSIC_RESULTS[call.ast.name] : UNKNOWN;
  }
  const parsed = parsePath(value);
  return parsed.ok ? selectPath(parsed.ast, input, context) : UNKNOWN;
}

const STRING: Shape = { kind: 'string' };

/** What each intrinsic function returns, as far as its name tells. */
const INTRINSIC_RESULTS: Record<IntrinsicName, Shape> = {
  'States.Format': STRING,
  'States.StringToJson': UNKNOWN,
  'States.JsonToString': STRING,
  'States.Array': arrayShape(UNKNOWN),
  'States.ArrayPartition': arrayShape(arrayShape(UNKNOWN)),
  'States.ArrayContains': { kind: 'boolean' },
  'States.ArrayRange': arrayShape({ kind: 'number' }),
  'States.ArrayGetItem': UNKNOWN,
  'States.ArrayLength': { kind: 'integer' },
  'States.ArrayUnique': arrayShape(UNKNOWN),
  'States.Base64Encode': STRING,
  'States.Base64Decode': STRING,
  'States.Hash': STRING,
  'States.JsonMerge': OPEN_OBJECT,
  'States.MathRandom': { kind: 'integer' },
  'States.MathAdd': { kind: 'number' },
  'States.StringSplit': arrayShape(STRING),
  'States.UUID': STRING,
};
