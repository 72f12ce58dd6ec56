import { z } from 'zod';
import { startRun } from '../../execution/start-run.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, newRunInput, runWorkflowDocument } from './execution.ts';
import { withCrmInputs } from './crm-inputs.ts';

/** Console and CLI entry point: the Planner's three calls (create control plane, create workers, notify) as one. */
export const startWorkflowRunTool = defineTool({
  name: 'start_workflow_run',
  description:
    'Start a run of a workflow: create_workflow_control_plane, create_worker_agents and notify_next_worker_agent in one call. ' +
    'The run input is validated against workflow_input_schema. By workflow_id it runs the published version; a document ' +
    'given inline or by path that is not a published version runs as a test run. Returns the run_id; follow it with ' +
    'get_workflow_run.',
  readOnly: false,
  input: newRunInput,
  output: z.object({
    run_id: z.string(),
    created: z.boolean(),
    test_run: z
      .boolean()
      .describe(
        'A test run: asked for, or a document that is not a published version (its QA results ' +
          'are kept out of the review queue and the dashboard).',
      ),
  }),
  async handler(args, { services, actor }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const loaded = await runWorkflowDocument(args, services, actor);
    if (isFailure(loaded)) return loaded;
    const filled = await withCrmInputs(loaded.doc, args.input, services);
    if (isFailure(filled)) return filled;
    const r = await startRun(x, {
      workflow: loaded.doc,
      input: filled.input,
      run_id: args.run_id,
      started_by: actor.label,
      test_run: loaded.test_run,
    });
    if (!r.ok) return fail('invalid_input', r.message, { error_code: r.error_code, issues: r.issues });
    return ok({ run_id: r.run_id, created: r.created, test_run: loaded.test_run });
  },
});
