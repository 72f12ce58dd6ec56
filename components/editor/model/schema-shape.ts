import { isObject } from '@/server/engine/json';
import { MAX_SHAPE_DEPTH, UNKNOWN, arrayShape, mergeAll, objectShape, shapeOfValue, type Shape } from './shape';

/**
 * The shape a JSON Schema describes (the workflow's `workflow_input_schema`): `properties` give
 * an object's fields (all of them, required or not: completion offers what may be there), `items`
 * an array's items, `type` and `format` the rest; `enum`/`const` take their values' shape;
 * `anyOf`/`oneOf` merge their alternatives, `allOf` too. `$ref` and anything unreadable are
 * `unknown`. An object's `properties` are taken as the members it has (closed: the run form asks
 * for those, and a path to another member is a mistake the editor reports), unless the schema
 * says more may come (`additionalProperties` true or a schema, `patternProperties`) or names none.
 */
export function shapeFromSchema(schema: unknown, depth = 0): Shape {
  if (!isObject(schema) || depth > MAX_SHAPE_DEPTH) return UNKNOWN;
  const alternatives = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []));
  const own = ownShape(schema, depth);
  if (alternatives.length === 0) return own;
  // A schema that says nothing itself (only anyOf/oneOf/allOf) adds no unknown part to open them.
  const parts = alternatives.map((s) => shapeFromSchema(s, depth + 1));
  return mergeAll(own.kind === 'unknown' ? parts : [own, ...parts]);
}

function ownShape(schema: Record<string, unknown>, depth: number): Shape {
  if ('const' in schema) return shapeOfValue(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return mergeAll(schema.enum.map((v) => shapeOfValue(v)));
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = types.length === 1 ? types[0] : undefined;
  if (type === 'object' || (type === undefined && isObject(schema.properties))) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const extra = schema.additionalProperties;
    const open = extra === true || isObject(extra) || isObject(schema.patternProperties) || Object.keys(properties).length === 0;
    return objectShape(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, shapeFromSchema(v, depth + 1)])), open);
  }
  if (type === 'array') return arrayShape(shapeFromSchema(schema.items, depth + 1));
  if (type === 'string') return typeof schema.format === 'string' ? { kind: 'string', format: schema.format } : { kind: 'string' };
  if (type === 'number' || type === 'integer' || type === 'boolean' || type === 'null') return { kind: type };
  return UNKNOWN;
}
