import { z } from 'zod';
import type { SkillManifest } from './manifest.ts';
import { manifestUri, requiredParameterNames, skillPermissionsSchema } from './manifest.ts';

/**
 * One skill as `get_skillset` lists it ("discover Skill Manifests from a directory and summarize
 * their metadata", spec §5.7 tool-6): enough for a Planner or Conductor to choose a skill and
 * write a Task's Parameters, without the directives, tool definitions or data-source texts.
 */
export const skillSummarySchema = z.object({
  manifestId: z.string(),
  /** The URI to bind in AgentBinding.skills (equals manifestId unless that is a UUID). */
  uri: z.string(),
  skillName: z.string(),
  skillVersion: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  permissions: skillPermissionsSchema,
  tools: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** Declared parameter names, in declaration order. */
      parameters: z.array(z.string()),
      /** Parameter names a call must supply. */
      required: z.array(z.string()),
    }),
  ),
  dataSourceCount: z.number().int().nonnegative(),
});
export type SkillSummary = z.infer<typeof skillSummarySchema>;

export function summariseSkill(manifest: SkillManifest): SkillSummary {
  return {
    manifestId: manifest.manifestId,
    uri: manifestUri(manifest),
    skillName: manifest.skillName,
    skillVersion: manifest.skillVersion,
    description: manifest.description ?? null,
    tags: [...manifest.tags],
    permissions: { secrets: [...manifest.permissions.secrets], egress: manifest.permissions.egress },
    tools: manifest.requiredTools.map((t) => ({
      name: t.toolName,
      description: t.description,
      parameters: Object.keys(t.json_schema?.parameters.properties ?? {}),
      required: requiredParameterNames(t),
    })),
    dataSourceCount: manifest.requiredDataSources.length,
  };
}
