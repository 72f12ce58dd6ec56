import { z } from 'zod';
import { showRun } from '../../execution/show-run.ts';
import { defineTool } from '../define-tool.ts';
import { isFailure } from '../document-input.ts';
import { fail, ok } from '../result.ts';
import { execution, runId, stateDocumentOut } from './execution.ts';

/** One run in full: record, meta, every state document, inputs/outputs, data-plane envelopes and events. */
export const getWorkflowRunTool = defineTool({
  name: 'get_workflow_run',
  description: 'Read one run in full: its record (status, input, output, error), the meta document, every state document, each state instance\'s input and output, the data-plane envelopes and the event stream.',
  readOnly: true,
  input: z.object({ run_id: runId, include_events: z.boolean().default(true) }),
  output: z.object({
    run: z.record(z.string(), z.unknown()),
    meta: z.unknown(),
    states: z.record(z.string(), stateDocumentOut),
    entries: z.record(z.string(), z.unknown()),
    data: z.record(z.string(), z.unknown()),
    events: z.array(z.object({ id: z.string(), event: z.record(z.string(), z.unknown()) })),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const view = await showRun(x, args.run_id);
    if (!view) return fail('not_found', `no run ${args.run_id}`);
    return ok({ ...view, run: view.run as unknown as Record<string, unknown>, entries: view.entries as Record<string, unknown>, events: args.include_events ? view.events : [] });
  },
});
