import { z } from 'zod';
import { runInstanceDetails } from '../../execution/run-detail.ts';
import { loadRunDefinition } from '../../execution/run-definition.ts';
import { showRun } from '../../execution/show-run.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, runEventOut, runId, stateDocumentOut } from './execution.ts';
import { instanceDetailOut } from './instance-detail-out.ts';

/**
 * One run in full: record, meta, every state document, inputs/outputs, data-plane envelopes and
 * events; on request also the workflow document it executes and a detail per state instance
 * (what the console's run view draws and shows when a state is clicked).
 */
export const getWorkflowRunTool = defineTool({
  name: 'get_workflow_run',
  description:
    'Read one run in full: its record (status, input, output, error), the meta document, every state ' +
    "document, each state instance's input and output, the data-plane envelopes and the event stream. " +
    'include_workflow adds the workflow document the run executes; include_instances adds, per state ' +
    'instance, its type, parent, status, attempts, timings, lease, raw and effective input, output, ' +
    'envelope, the skill that ran with any swap, branch counts and its own events.',
  readOnly: true,
  input: z.object({
    run_id: runId,
    include_events: z.boolean().default(true),
    include_workflow: z.boolean().default(false).describe('Add `workflow`: the (frozen) workflow document of the run.'),
    include_instances: z.boolean().default(false).describe('Add `instances`: one detail record per state instance.'),
  }),
  output: z.object({
    run: z.record(z.string(), z.unknown()),
    meta: z.unknown(),
    states: z.record(z.string(), stateDocumentOut),
    entries: z.record(z.string(), z.unknown()),
    data: z.record(z.string(), z.unknown()),
    events: z.array(runEventOut),
    workflow: z.unknown().optional(),
    instances: z.record(z.string(), instanceDetailOut).optional(),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const view = await showRun(x, args.run_id);
    const def = view && (args.include_workflow || args.include_instances) ? await loadRunDefinition(x.redis, args.run_id) : null;
    if (!view) return fail('not_found', `no run ${args.run_id}`);
    return ok({
      ...view,
      run: view.run as unknown as Record<string, unknown>,
      entries: view.entries as Record<string, unknown>,
      events: args.include_events ? view.events : [],
      ...(args.include_workflow && def ? { workflow: def.workflow } : {}),
      ...(args.include_instances && def ? { instances: await runInstanceDetails(x, view, def) } : {}),
    });
  },
});
