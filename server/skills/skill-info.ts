import { z } from 'zod';
import type { SkillManifest } from './manifest.ts';
import { manifestUri, requiredParameterNames } from './manifest.ts';

/**
 * What the workflow validator needs to know about a skill to check a Task state bound to it:
 * the URI AgentBinding.skills uses, and each tool's declared parameters (Parameters keys, minus
 * the `.$` suffix, must be among `properties`; every `required` name must be supplied).
 */
export const skillInfoSchema = z.object({
  uri: z.string(),
  tools: z.array(
    z.object({
      toolName: z.string(),
      parameters: z.object({
        properties: z.record(z.string(), z.unknown()),
        required: z.array(z.string()),
      }),
    }),
  ),
});
export type SkillInfo = z.infer<typeof skillInfoSchema>;

/** Projects a manifest onto SkillInfo; a tool without `json_schema` declares no parameters. */
export function toSkillInfo(manifest: SkillManifest): SkillInfo {
  return {
    uri: manifestUri(manifest),
    tools: manifest.requiredTools.map((tool) => ({
      toolName: tool.toolName,
      parameters: { properties: { ...(tool.json_schema?.parameters.properties ?? {}) }, required: requiredParameterNames(tool) },
    })),
  };
}
