import { z } from 'zod';
import { finalizeWorkflow } from '../../execution/finalize.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, runId } from './execution.ts';
import { shortText } from '../limits.ts';

/** Spec §5.7 tool-14: "Finalize a workflow execution: optionally delete worker agents, close open states, and write final audit/summary metadata". */
export const finalizeWorkflowTool = defineTool({
  name: 'finalize_workflow',
  description:
    'Finalize a run: close states still pending or running (as failed), delete its worker agents (unless ' +
    'delete_workers is false) and write a summary (state counts, attempts, duration) to the run record. ' +
    'A run still RUNNING is only finalized with abort: true, which ends it as ABORTED. Idempotent; ' +
    'audited.',
  readOnly: false,
  input: z.object({
    run_id: runId,
    delete_workers: z.boolean().default(true),
    abort: z.boolean().default(false).describe('End a run that is still RUNNING as ABORTED.'),
    reason: shortText().optional(),
  }),
  output: z.object({
    run_status: z.string(),
    summary: z.object({
      status: z.string(),
      states: z.record(z.string(), z.number()),
      attempts: z.number(),
      duration_ms: z.number().nullable(),
      workers_deleted: z.number(),
    }),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const r = await finalizeWorkflow(x, args.run_id, { deleteWorkers: args.delete_workers, abort: args.abort, reason: args.reason });
    if (!r.ok) {
      return r.reason === 'no_such_run'
        ? fail('not_found', `no run ${args.run_id}`)
        : fail('conflict', `run ${args.run_id} is still RUNNING; pass abort: true to end it`);
    }
    return ok({ run_status: r.run.status, summary: r.summary });
  },
});
