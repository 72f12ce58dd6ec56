import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { documentInput, loadDocument } from '../document-input.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { validationIssueSchema } from '../../validation/issue.ts';
import { validateWorkflowDocument } from '../../workflows/validate-document.ts';

/**
 * Spec §1.5 / §5.7 tool-8: "Validate a Letta–ASL workflow (v2.2.0) and resolve .af and skill
 * references". An invalid workflow is a successful call with `valid: false`; only input that
 * cannot be read or parsed is a failure.
 */
export const validateWorkflowTool = defineTool({
  name: 'validate_workflow',
  description:
    'Validate a Letta-ASL workflow (schema v2.2.0): JSON Schema, then graph checks (targets exist, every ' +
    'state reachable, a terminal reachable from every state, closed Parallel/Map scopes, unique state ' +
    'names), Task bindings, skill URIs resolved in the catalog and skill_imports, ' +
    'Choice/Wait/Retry/Catch rules, and every JSONPath and intrinsic function. Errors and warnings carry ' +
    'JSON pointers into the workflow.',
  readOnly: true,
  input: documentInput('workflow', 'Letta-ASL workflow'),
  output: z.object({
    valid: z.boolean(),
    errors: z.array(validationIssueSchema),
    warnings: z.array(validationIssueSchema),
    workflow_id: z.string().nullable(),
    workflow_name: z.string().nullable(),
    version: z.string().nullable(),
    file: z.string().nullable(),
  }),
  async handler(input, { services }) {
    const loaded = await loadDocument(input.workflow, input.path, services.config);
    if (isFailure(loaded)) return loaded;
    const report = await validateWorkflowDocument(loaded.doc, { rootDir: services.config.rootDir, skillsDir: services.config.skillsDir });
    const d = (loaded.doc && typeof loaded.doc === 'object' ? loaded.doc : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    return ok({
      ...report,
      workflow_id: str(d.workflow_id),
      workflow_name: str(d.workflow_name),
      version: str(d.version),
      file: loaded.file,
    });
  },
});
