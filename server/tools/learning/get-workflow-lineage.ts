import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { versionIn, workflowIdIn } from './version-out.ts';

const ref = z.object({ workflow_id: z.string(), version: z.string() });
const node = z.object({ workflow_id: z.string(), version: z.string(), name: z.string(), created_at: z.string() });

/** Spec §3.5: the family tree of a workflow and what inherits from it, with the runs of each version. */
export const getWorkflowLineageTool = defineTool({
  name: 'get_workflow_lineage',
  description:
    'The family tree of a workflow from the knowledge graph: every version and derived workflow ' +
    'connected by VERSION_OF or REFINEMENT_OF, the descendants of the given version ("all workflows that ' +
    'inherit from this one", spec §3.5), and the recent runs of each version.',
  readOnly: true,
  input: z.object({
    workflow_id: workflowIdIn,
    version: versionIn.optional().describe('Whose descendants to list (default: every version of the workflow).'),
    runs_per_version: z.number().int().min(0).max(100).default(10),
  }),
  output: z.object({
    nodes: z.array(node),
    edges: z.array(z.object({ kind: z.enum(['VERSION_OF', 'REFINEMENT_OF']), from: ref, to: ref })),
    descendants: z.array(node),
    runs: z.array(
      z.object({
        workflow_id: z.string(),
        version: z.string(),
        runs: z.array(z.object({ run_id: z.string(), status: z.string(), started_at: z.string(), finished_at: z.string() })),
      }),
    ),
  }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const { nodes, edges } = await l.graph.lineage(args.workflow_id);
    if (!nodes.length) return fail('not_found', `the knowledge graph has no workflow ${args.workflow_id}`);
    const roots = nodes.filter((n) => n.workflow_id === args.workflow_id && (!args.version || n.version === args.version));
    const seen = new Map<string, (typeof nodes)[number]>();
    for (const r of roots) for (const d of await l.graph.descendants(r)) seen.set(`${d.workflow_id}@${d.version}`, d);
    const runs = [];
    for (const n of nodes)
      runs.push({
        workflow_id: n.workflow_id,
        version: n.version,
        runs: args.runs_per_version ? await l.graph.executions(n, args.runs_per_version) : [],
      });
    return ok({ nodes, edges, descendants: [...seen.values()], runs });
  },
});
