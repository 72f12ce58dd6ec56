import { z } from 'zod';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { formatSkillUri, parseSkillUri } from './skill-uri.ts';

/**
 * The typed view of a Skill Manifest v2.0.0 (spec §5.2). schemas/skill-manifest-v2.0.0.json stays
 * the authority on what is valid; these zod schemas give the rest of the code its types and fill
 * the JSON Schema's defaults (`tags`, `permissions`, `requiredTools`, ...). Use `parseSkillManifest`,
 * which applies the JSON Schema first, rather than parsing with these directly.
 */

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z-.]+)?$/;

/** One declared tool parameter: a JSON Schema with at least a `type` (other keywords are kept). */
export const toolParameterSchema = z.looseObject({
  type: z.string(),
  description: z.string().nullable().optional(),
});

/** `json_schema.parameters`: the object schema of the tool's arguments (OpenAI/Letta tool format). */
export const toolParametersSchema = z.looseObject({
  type: z.string().nullable().optional(),
  properties: z.record(z.string(), toolParameterSchema),
  required: z.array(z.string()).default([]),
});

export const toolJsonSchemaSchema = z.object({
  name: z.string(),
  description: z.string(),
  parameters: toolParametersSchema,
  type: z.string().nullable().optional(),
  required: z.array(z.string()).default([]),
});

/** How the tool is provided: Python source run in a sandbox, a platform tool, or an MCP server operation. */
export const toolDefinitionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('python_source'), sourceCode: z.string().min(1) }),
  z.object({ type: z.literal('registered'), platformToolId: z.string().min(1) }),
  z.object({
    type: z.literal('mcp_server'),
    endpointUrl: z.string(),
    operationId: z.string().min(1),
    openApiSpecUrl: z.string().optional(),
  }),
]);

export const toolRequirementSchema = z.object({
  toolName: z.string().min(1),
  description: z.string().min(1),
  json_schema: toolJsonSchemaSchema.optional(),
  definition: toolDefinitionSchema,
});

export const dataSourceSchema = z.object({
  dataSourceId: z.string(),
  description: z.string().optional(),
  destination: z.literal('archival_memory').default('archival_memory'),
  content: z.object({ type: z.literal('text_content'), text: z.string().min(1) }),
});

export const skillPermissionsSchema = z.object({
  /** Names of environment variables the skill's tools need (e.g. `SALESFORCE_API_KEY`). */
  secrets: z.array(z.string()).default([]),
  egress: z.enum(['none', 'intranet', 'internet']).default('none'),
});

export const skillManifestSchema = z.object({
  manifestApiVersion: z.literal('v2.0.0'),
  skillPackageId: z.string(),
  /** `skill://<skillName>@<skillVersion>` (amendment A1) or a UUID. */
  manifestId: z.string(),
  skillName: z.string().min(1),
  skillVersion: z.string().regex(SEMVER),
  description: z.string().optional(),
  tags: z.array(z.string()).default([]),
  permissions: skillPermissionsSchema.prefault({}),
  skillDirectives: z.string().min(1),
  requiredTools: z.array(toolRequirementSchema).default([]),
  requiredDataSources: z.array(dataSourceSchema).default([]),
});

export type SkillManifest = z.infer<typeof skillManifestSchema>;
export type ToolRequirement = z.infer<typeof toolRequirementSchema>;
export type ToolDefinition = z.infer<typeof toolDefinitionSchema>;

/**
 * The typed manifest if `doc` satisfies the (amended) JSON Schema, else `undefined`.
 * Static checks (checkSkillManifest) are not applied here: a manifest can parse and still be
 * rejected by them, e.g. for a duplicate tool name.
 */
export function parseSkillManifest(doc: unknown): SkillManifest | undefined {
  if (validateAgainstSchema('skill_manifest', doc).length > 0) return undefined;
  const parsed = skillManifestSchema.safeParse(doc);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The URI a catalog and workflows know the skill by: the manifestId when it is a skill:// URI,
 * else `skill://<skillName>@<skillVersion>` (a UUID manifestId cannot be bound by AgentBinding.skills).
 */
export function manifestUri(manifest: Pick<SkillManifest, 'manifestId' | 'skillName' | 'skillVersion'>): string {
  return parseSkillUri(manifest.manifestId) ? manifest.manifestId : formatSkillUri(manifest.skillName, manifest.skillVersion);
}

/**
 * The parameter names a call of `tool` must supply: `json_schema.parameters.required` together
 * with the top-level `json_schema.required` (both forms occur in Letta tool schemas), first
 * occurrence order, no duplicates. A tool without `json_schema` requires nothing.
 */
export function requiredParameterNames(tool: ToolRequirement): string[] {
  const js = tool.json_schema;
  return [...new Set([...(js?.parameters.required ?? []), ...(js?.required ?? [])])];
}
