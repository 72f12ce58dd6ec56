import { z } from 'zod';
import { importResolutionSchema, skillInfoSchema, type SkillInfo, type WorkflowValidationContext } from '../letta/context.ts';

/** Test support: builds a WorkflowValidationContext from its JSON fixture form. */
const contextFixtureSchema = z.object({
  skills: z.array(skillInfoSchema),
  imports: z.record(z.string(), importResolutionSchema),
});

export function contextFromFixture(json: unknown): WorkflowValidationContext {
  const fixture = contextFixtureSchema.parse(json);
  return {
    skills: new Map(fixture.skills.map((s) => [s.uri, s])),
    imports: new Map(Object.entries(fixture.imports)),
  };
}

/** The parts of a skill manifest (spec §5.2) that a SkillInfo needs. */
const manifestSchema = z.looseObject({
  manifestId: z.string(),
  requiredTools: z.array(
    z.looseObject({
      toolName: z.string(),
      json_schema: z.looseObject({
        parameters: z.looseObject({
          properties: z.record(z.string(), z.unknown()).default({}),
          required: z.array(z.string()).default([]),
        }),
      }),
    }),
  ),
});

/** Test support: the SkillInfo of each sample manifest of spec §5.10, keyed by manifestId. */
export function skillsFromManifests(json: unknown): Map<string, SkillInfo> {
  const manifests = z.array(manifestSchema).parse(json);
  return new Map(
    manifests.map((m) => [
      m.manifestId,
      {
        uri: m.manifestId,
        tools: m.requiredTools.map((t) => ({
          toolName: t.toolName,
          parameters: { properties: t.json_schema.parameters.properties, required: t.json_schema.parameters.required },
        })),
      },
    ]),
  );
}
