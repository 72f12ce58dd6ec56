/**
 * Extracts Letta's `AgentFileSchema` (the `.af` v2 format) and every component it references from
 * the vendored Letta OpenAPI document into a self-contained JSON Schema (draft 2020-12, refs to
 * `#/$defs/…`), written to `agent-file.schema.json` next to this file: the template loader
 * validates against it without the whole OpenAPI document.
 *
 *   node --import tsx server/agents/templates/extract-agent-file-schema.ts server/agents/letta/fixtures/letta-openapi.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_COMPONENT = 'AgentFileSchema';
const PREFIX = '#/components/schemas/';

type Json = unknown;

export function agentFileSchemaFromOpenApi(openapi: { components: { schemas: Record<string, Json> } }): Record<string, unknown> {
  const all = openapi.components.schemas;
  const defs: Record<string, Json> = {};
  const visit = (name: string) => {
    if (name in defs) return;
    const schema = all[name];
    if (schema === undefined) throw new Error(`the OpenAPI document has no component ${name}`);
    defs[name] = null; // placeholder against cycles
    defs[name] = rewrite(schema, visit);
  };
  visit(ROOT_COMPONENT);
  const sorted = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((k) => [k, defs[k]]),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://dcf.local/schemas/letta-agent-file.json',
    title: 'Letta agent file (.af v2)',
    description:
      'Extracted from the Letta OpenAPI document (components.schemas.AgentFileSchema and what it ' +
      'references) by extract-agent-file-schema.ts; do not edit by hand.',
    $ref: `#/$defs/${ROOT_COMPONENT}`,
    $defs: sorted,
  };
}

function rewrite(node: Json, visit: (name: string) => void): Json {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, visit));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith(PREFIX)) {
      const name = v.slice(PREFIX.length);
      visit(name);
      out[k] = `#/$defs/${name}`;
    } else if (k === 'discriminator' && typeof v === 'object' && v !== null) {
      // OpenAPI's discriminator mapping names components; keep it (annotation only) with rewritten refs.
      const d = v as { propertyName?: string; mapping?: Record<string, string> };
      out[k] = {
        ...d,
        ...(d.mapping
          ? {
              mapping: Object.fromEntries(
                Object.entries(d.mapping).map(([m, r]) => [m, r.startsWith(PREFIX) ? `#/$defs/${r.slice(PREFIX.length)}` : r]),
              ),
            }
          : {}),
      };
      for (const r of Object.values(d.mapping ?? {})) if (r.startsWith(PREFIX)) visit(r.slice(PREFIX.length));
    } else {
      out[k] = rewrite(v, visit);
    }
  }
  return out;
}

/** Where the extracted schema lives (next to this file). */
export const AGENT_FILE_SCHEMA_FILE = 'agent-file.schema.json';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = process.argv[2];
  if (!source) {
    process.stderr.write('usage: extract-agent-file-schema.ts <letta-openapi.json>\n');
    process.exit(2);
  }
  const schema = agentFileSchemaFromOpenApi(JSON.parse(readFileSync(source, 'utf8')));
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), AGENT_FILE_SCHEMA_FILE);
  writeFileSync(out, `${JSON.stringify(schema, null, 1)}\n`);
  process.stdout.write(`wrote ${out} (${Object.keys(schema.$defs as object).length} definitions)\n`);
}
