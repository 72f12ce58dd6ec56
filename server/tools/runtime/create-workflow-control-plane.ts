import { z } from 'zod';
import { createWorkflowControlPlane } from '../../execution/create-control-plane.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, newRunInput, notificationOut, runWorkflowDocument, toNotificationOut } from './execution.ts';
import { withCrmInputs } from './crm-inputs.ts';

/**
 * Spec §5.7 tool-9: "Create idempotently the RedisJSON control-plane for a workflow
 * (choreography style)". One control plane per run: meta + one state document per state and
 * the start state's initial notification, queued for notify_next_worker_agent.
 */
export const createWorkflowControlPlaneTool = defineTool({
  name: 'create_workflow_control_plane',
  description:
    'Create (idempotently, per run_id) the Redis control plane of a new run of a Letta-ASL workflow: ' +
    'validates the workflow and the run input against workflow_input_schema, writes the meta document, ' +
    "one state document per state and the start state's initial notification (sent by " +
    'notify_next_worker_agent). Returns the run_id.',
  readOnly: false,
  input: newRunInput,
  output: z.object({
    run_id: z.string(),
    created: z.boolean(),
    meta: z.record(z.string(), z.unknown()),
    queued: z.array(notificationOut),
  }),
  async handler(args, { services, actor }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const loaded = await runWorkflowDocument(args, services, actor);
    if (isFailure(loaded)) return loaded;
    const filled = await withCrmInputs(loaded.doc, args.input, services);
    if (isFailure(filled)) return filled;
    const r = await createWorkflowControlPlane(x, {
      workflow: loaded.doc,
      input: filled.input,
      run_id: args.run_id,
      started_by: actor.label,
      test_run: loaded.test_run,
    });
    if (!r.ok) return fail('invalid_input', r.message, { error_code: r.error_code, issues: r.issues });
    return ok({
      run_id: r.run_id,
      created: r.created,
      meta: r.meta as Record<string, unknown>,
      queued: r.start ? [toNotificationOut(r.start)] : [],
    });
  },
});
