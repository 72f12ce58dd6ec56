import { z } from 'zod';
import { getWorkflowVersion } from '../../workflows/store.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';

/**
 * One saved workflow version with its document (the counterpart of save_workflow): what a Planner
 * reads to adapt a workflow it found (spec §3.2 "I will use … as a template").
 */
export const getSavedWorkflowTool = defineTool({
  name: 'get_saved_workflow',
  description:
    'Read a saved workflow version (default: its highest version): the Letta-ASL document, name, description, tags, bound skills, state names and lineage parent (VERSION_OF or REFINEMENT_OF). Use it to adapt a workflow found with search_embeddings or find_closest_workflow.',
  readOnly: true,
  input: z.object({ workflow_id: z.string().min(1), version: z.string().min(1).optional().describe('Default: the highest saved version.') }),
  output: z.object({
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
  }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const row = await getWorkflowVersion(l.db, args.workflow_id, args.version);
    if (!row) return fail('not_found', `no saved workflow ${args.workflow_id}${args.version ? `@${args.version}` : ''}`);
    return ok({
      workflow_id: row.workflowId,
      version: row.version,
      name: row.name,
      description: row.description,
      tags: row.tags,
      skills: row.skills,
      states: row.states,
      parent: row.parentWorkflowId && row.parentVersion ? { workflow_id: row.parentWorkflowId, version: row.parentVersion, relation: row.relation ?? 'REFINEMENT_OF' } : null,
      created_at: row.createdAt.toISOString(),
      document: row.document,
    });
  },
});
