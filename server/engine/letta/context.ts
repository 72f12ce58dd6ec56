import { z } from 'zod';

/**
 * What the caller (the tool layer, which does the file and registry I/O) tells `validateWorkflow`
 * about the world. The engine itself performs no I/O.
 */

/** One tool of a skill, with the JSON-schema shape of its parameters. */
export const skillToolSchema = z.object({
  toolName: z.string(),
  parameters: z.object({
    properties: z.record(z.string(), z.unknown()),
    required: z.array(z.string()),
  }),
});
export type SkillTool = z.infer<typeof skillToolSchema>;

/** A resolved skill, keyed in the context by the skill URI used in AgentBinding.skills. */
export const skillInfoSchema = z.object({
  uri: z.string(),
  tools: z.array(skillToolSchema),
});
export type SkillInfo = z.infer<typeof skillInfoSchema>;

/** Whether one `skill_imports` entry could be loaded, keyed by its `uri` exactly as written. */
export const importResolutionSchema = z.object({
  exists: z.boolean(),
  error: z.string().optional(),
});
export type ImportResolution = z.infer<typeof importResolutionSchema>;

export interface WorkflowValidationContext {
  skills: ReadonlyMap<string, SkillInfo>;
  imports: ReadonlyMap<string, ImportResolution>;
}
