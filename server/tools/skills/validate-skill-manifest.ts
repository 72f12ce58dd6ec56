import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { documentInput, loadDocument } from '../document-input.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { validationIssueSchema } from '../../validation/issue.ts';
import { checkSkillManifest } from '../../skills/check-manifest.ts';
import { parseSkillManifest, manifestUri } from '../../skills/manifest.ts';

/** Spec §1.5 / §5.7 tool-7: "Validate a Skill Manifest (v2.0.0) and run static sanity checks". */
export const validateSkillManifestTool = defineTool({
  name: 'validate_skill_manifest',
  description:
    'Validate a Skill Manifest (v2.0.0) against its JSON Schema and run static checks: unique tool ' +
    'names, json_schema.name equals toolName, required parameters declared, secrets named like ' +
    'environment variables, endpoint URLs parse, manifestId agrees with skillName@skillVersion; ' +
    'python_source tools are flagged as not runnable without a sandbox.',
  readOnly: true,
  input: documentInput('manifest', 'skill manifest'),
  output: z.object({
    valid: z.boolean(),
    errors: z.array(validationIssueSchema),
    warnings: z.array(validationIssueSchema),
    /** The skill:// URI to bind in AgentBinding.skills, when the manifest is valid. */
    uri: z.string().nullable(),
    file: z.string().nullable(),
  }),
  async handler(input, { services }) {
    const loaded = await loadDocument(input.manifest, input.path, services.config);
    if (isFailure(loaded)) return loaded;
    const report = checkSkillManifest(loaded.doc);
    const manifest = report.valid ? parseSkillManifest(loaded.doc) : undefined;
    return ok({ ...report, uri: manifest ? manifestUri(manifest) : null, file: loaded.file });
  },
});
