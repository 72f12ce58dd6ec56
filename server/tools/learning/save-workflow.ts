import { z } from 'zod';
import { replayGraphOutbox } from '../../graph/outbox.ts';
import { enqueueWorkflowVersion } from '../../learning/workflow-catalog.ts';
import { validateWorkflowDocument } from '../../workflows/validate-document.ts';
import { saveWorkflowVersion } from '../../workflows/store.ts';
import { defineTool } from '../define-tool.ts';
import { loadDocument } from '../document-input.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { resolveVersionActor } from './version-access.ts';
import { lifecycleOf, lifecycleOut, versionIn, workflowIdIn } from './version-out.ts';
import { ARG_LIMITS, boundedJson, longText } from '../limits.ts';

/**
 * Saves a workflow version to the catalog (spec §2.3 "the workflow is saved", §3.3 a refinement):
 * it must validate; an existing (workflow_id, version) is never overwritten; `parent` records its
 * lineage in the knowledge graph (VERSION_OF: the same workflow's earlier version; REFINEMENT_OF:
 * the workflow it was derived from).
 */
export const saveWorkflowTool = defineTool({
  name: 'save_workflow',
  description:
    'Save a valid workflow version to the workflow catalog (searchable), with its lineage: parent {workflow_id, ' +
    'version, relation: VERSION_OF | REFINEMENT_OF}. An existing version is never overwritten. A new version is a ' +
    'draft: runs by workflow id use it only once a workflow designer or admin publishes it (publish_workflow_version).',
  readOnly: false,
  input: z
    .object({
      workflow: boundedJson().optional().describe('The workflow document (JSON object or text).'),
      path: z
        .string()
        .min(1)
        .max(ARG_LIMITS.path)
        .optional()
        .describe('Alternatively, the workflow file in the workflows (or skills) folder, e.g. workflows/x.json.'),
      parent: z.object({ workflow_id: workflowIdIn, version: versionIn, relation: z.enum(['VERSION_OF', 'REFINEMENT_OF']) }).optional(),
      note: longText().optional(),
    })
    .refine((v) => (v.workflow === undefined) !== (v.path === undefined), { message: 'give exactly one of "workflow" or "path"' }),
  output: z
    .object({
      workflow_id: z.string(),
      version: z.string(),
      relation: z.string().nullable(),
      parent: z.object({ workflow_id: z.string(), version: z.string() }).nullable(),
    })
    .extend(lifecycleOut.shape),
  async handler(args, { services, actor }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const loaded = await loadDocument(args.workflow, args.path, services.config);
    if (isFailure(loaded)) return loaded;
    const report = await validateWorkflowDocument(loaded.doc, { rootDir: services.config.rootDir, skillsDir: services.config.skillsDir });
    if (!report.valid)
      return fail('invalid_input', `the workflow is not valid (${report.errors.length} error(s))`, { issues: report.errors });
    const savedBy = await resolveVersionActor(l.db, actor);
    const saved = await saveWorkflowVersion(l.db, loaded.doc as Record<string, unknown>, {
      author: actor.label,
      note: args.note ?? null,
      parent: args.parent,
      savedBy,
    });
    if (!saved.ok)
      return saved.reason === 'exists'
        ? fail('conflict', 'that workflow version is already saved; save a new version')
        : fail('not_found', 'the parent version is not saved');
    await enqueueWorkflowVersion(l.db, saved.row);
    await replayGraphOutbox(l.db, l.graph).catch(() => undefined);
    const r = saved.row;
    return ok({
      workflow_id: r.workflowId,
      version: r.version,
      relation: r.relation,
      parent: r.parentWorkflowId && r.parentVersion ? { workflow_id: r.parentWorkflowId, version: r.parentVersion } : null,
      ...lifecycleOf(r),
    });
  },
});
