/**
 * Flattens a tool's parameter JSON Schema (OpenAI/Letta tool format: an object schema with
 * `properties` and `required`) into table rows, descending into nested object properties and
 * array items so a reader sees every field a call may carry, e.g. `segments[].label`.
 */
export type SchemaRow = {
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description: string | null;
  /** Further keywords worth knowing: enum, format, default, bounds, pattern. */
  constraints: string[];
};

type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** `string`, `string | null`, `array<object>`, or `any` when the schema names no type. */
export function typeLabel(schema: Schema): string {
  const t = schema.type;
  const base = Array.isArray(t) ? t.map(String).join(' | ') : typeof t === 'string' ? t : schema.enum ? 'enum' : 'any';
  if (base === 'array' && isSchema(schema.items)) return `array<${typeLabel(schema.items)}>`;
  return base;
}

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

function constraintsOf(schema: Schema): string[] {
  const out: string[] = [];
  if (Array.isArray(schema.enum)) out.push(`one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if (typeof schema.format === 'string') out.push(`format ${schema.format}`);
  if (typeof schema.pattern === 'string') out.push(`pattern ${schema.pattern}`);
  for (const k of BOUNDS) if (typeof schema[k] === 'number') out.push(`${k} ${schema[k]}`);
  if ('default' in schema) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

function rowsOfObject(schema: Schema, prefix: string, depth: number, extraRequired: readonly string[], out: SchemaRow[]): void {
  const props = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set([...(Array.isArray(schema.required) ? schema.required.map(String) : []), ...extraRequired]);
  for (const [name, raw] of Object.entries(props)) {
    const prop = isSchema(raw) ? raw : {};
    const full = prefix ? `${prefix}.${name}` : name;
    out.push({
      name: full,
      depth,
      type: typeLabel(prop),
      required: required.has(name),
      description: typeof prop.description === 'string' ? prop.description : null,
      constraints: constraintsOf(prop),
    });
    descend(prop, full, depth + 1, out);
  }
}

function descend(schema: Schema, path: string, depth: number, out: SchemaRow[]): void {
  if (isSchema(schema.properties)) rowsOfObject(schema, path, depth, [], out);
  let items = schema.items;
  let itemPath = `${path}[]`;
  while (isSchema(items) && items.type === 'array') {
    items = items.items; // arrays of arrays: keep going to the element schema
    itemPath += '[]';
  }
  if (isSchema(items) && isSchema(items.properties)) rowsOfObject(items, itemPath, depth, [], out);
}

/** Rows for a tool's `parameters` schema; `alsoRequired` is the top-level `json_schema.required` some tools use. */
export function schemaRows(parameters: unknown, alsoRequired: readonly string[] = []): SchemaRow[] {
  const out: SchemaRow[] = [];
  if (isSchema(parameters)) rowsOfObject(parameters, '', 0, alsoRequired, out);
  return out;
}
