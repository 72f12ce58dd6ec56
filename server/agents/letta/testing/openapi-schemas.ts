import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The vendored Letta OpenAPI document (a copy of ../shared/vendor/letta-openapi.json kept in the repo). */
export const LETTA_OPENAPI_PATH = new URL('../fixtures/letta-openapi.json', import.meta.url).pathname;

const spec = JSON.parse(readFileSync(LETTA_OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, Operation>> };

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string; pattern?: string; anyOf?: Array<{ type?: string }> };
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
}

const templates = Object.keys(spec.paths).map((template) => {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'));
  return { template, names, regex: new RegExp(`^${source}$`), literal: template.replace(/\{\w+\}/g, '').length };
});

/** The document's operation for a request (the most literal matching path template), with its path parameters. */
export function matchOperation(
  method: string,
  pathname: string,
): { template: string; operation: Operation; params: Record<string, string> } | null {
  const best = templates
    .filter((t) => method.toLowerCase() in spec.paths[t.template]! && t.regex.test(pathname))
    .sort((a, b) => b.literal - a.literal)[0];
  if (!best) return null;
  const values = best.regex.exec(pathname)!.slice(1).map(decodeURIComponent);
  return {
    template: best.template,
    operation: spec.paths[best.template]![method.toLowerCase()]!,
    params: Object.fromEntries(best.names.map((n, i) => [n, values[i]!])),
  };
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * Validates `value` against the Letta OpenAPI component schema `name` (OpenAPI 3.1 schemas are
 * JSON Schema 2020-12). Returns the problems, empty when valid. `discriminator` is an annotation
 * here: each `oneOf` branch pins `message_type` with `const`, so `oneOf` alone selects the branch.
 */
export function lettaSchemaProblems(name: string, value: unknown): string[] {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(ajv);
    ajv.addSchema(spec, 'letta-openapi');
  }
  let validate = compiled.get(name);
  if (!validate) {
    const found = ajv.getSchema(`letta-openapi#/components/schemas/${name}`);
    if (!found) throw new Error(`The Letta OpenAPI document has no component schema "${name}"`);
    compiled.set(name, (validate = found));
  }
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
