import { z } from 'zod';
import { getWorkflowVersion } from '../../workflows/store.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { lifecycleOf, lifecycleOut, versionIn, workflowIdIn } from './version-out.ts';
import { noPublishedVersion } from './no-published-version.ts';

/**
 * One saved workflow version with its document (the counterpart of save_workflow): what a Planner
 * reads to adapt a workflow it found (spec §3.2 "I will use … as a template").
 */
export const getSavedWorkflowTool = defineTool({
  name: 'get_saved_workflow',
  description:
    'Read a saved workflow version (default: its published version, the one in use): its status (draft, published, ' +
    'retired) and when and by whom it was saved and published, the Letta-ASL document, name, ' +
    'description, tags, bound skills, state names and lineage parent (VERSION_OF or REFINEMENT_OF). Use ' +
    'it to adapt a workflow found with search_embeddings or find_closest_workflow.',
  readOnly: true,
  input: z.object({
    workflow_id: workflowIdIn,
    version: versionIn.optional().describe('Default: the published version (the one in use).'),
  }),
  output: z
    .object({
      workflow_id: z.string(),
      version: z.string(),
      name: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      skills: z.array(z.string()),
      states: z.array(z.string()),
      parent: z.object({ workflow_id: z.string(), version: z.string(), relation: z.string() }).nullable(),
      created_at: z.string(),
      document: z.record(z.string(), z.unknown()),
    })
    .extend(lifecycleOut.shape),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const row = await getWorkflowVersion(l.db, args.workflow_id, args.version);
    if (!row) {
      return args.version
        ? fail('not_found', `no saved workflow ${args.workflow_id}@${args.version}`)
        : await noPublishedVersion(l.db, args.workflow_id);
    }
    return ok({
      workflow_id: row.workflowId,
      version: row.version,
      name: row.name,
      description: row.description,
      tags: row.tags,
      skills: row.skills,
      states: row.states,
      parent:
        row.parentWorkflowId && row.parentVersion
          ? { workflow_id: row.parentWorkflowId, version: row.parentVersion, relation: row.relation ?? 'REFINEMENT_OF' }
          : null,
      created_at: row.createdAt.toISOString(),
      document: row.document,
      ...lifecycleOf(row),
    });
  },
});
