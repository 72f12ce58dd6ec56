import { z } from 'zod';
import { redriveWorkflowRun } from '../../execution/redrive.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution, runId, stateName } from './execution.ts';

/** Redrive (AWS Step Functions RedriveExecution) and the console's "retry a failed state". */
export const redriveWorkflowRunTool = defineTool({
  name: 'redrive_workflow_run',
  description:
    'Continue a run that ended FAILED, TIMED_OUT or ABORTED from its failed state instances only: every ' +
    'state that is done keeps its output and does not run again. Without `states`, every uncaught ' +
    "failure (and every state the run's end interrupted) is re-entered with its recorded input; with " +
    '`states` (instance names, e.g. "TranscribeRecording" or "ScoreEachCall[2]/TranscribeRecording"; a ' +
    'Parallel/Map name means every failure under it) only those failures are retried — a failure not ' +
    'named stays failed. Enclosing Parallel/Map states resume, Retry counters start again, ' +
    'TimeoutSeconds counts from now. The run is RUNNING again; follow it with get_workflow_run. Audited.',
  readOnly: false,
  input: z.object({
    run_id: runId,
    states: z.array(stateName).min(1).max(1000).optional().describe('Retry only these failed state instances (default: every failure).'),
  }),
  output: z.object({
    run_id: z.string(),
    run_status: z.literal('RUNNING'),
    redrive_count: z.number().int().min(1),
    redriven: z
      .array(z.object({ state: z.string(), kind: z.enum(['failed', 'interrupted']) }))
      .describe("The state instances re-entered: failed themselves, or interrupted by the run's end."),
    resumed: z.array(z.string()).describe('Parallel/Map instances set running again around them.'),
  }),
  async handler(args, { services, actor }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const r = await redriveWorkflowRun(x, args.run_id, { states: args.states, by: actor.label });
    if ('error' in r) {
      if (r.error === 'nothing_failed') return fail('conflict', `run ${args.run_id} has no failed state to redrive`);
      const which = r.states.join(', ');
      return r.error === 'unknown_state'
        ? fail('not_found', `run ${args.run_id} has no state instance ${which}`, { states: r.states, redrivable: r.redrivable })
        : fail('conflict', `${which} did not fail in run ${args.run_id}: only failed states can be retried`, {
            states: r.states,
            redrivable: r.redrivable,
          });
    }
    if (!r.ok) {
      if (r.reason === 'no_such_run') return fail('not_found', `no run ${args.run_id}`);
      if (r.reason === 'not_redrivable')
        return fail('conflict', `run ${args.run_id} is ${r.status}: only FAILED, TIMED_OUT and ABORTED runs can be redriven`, {
          run_status: r.status,
        });
      return fail('conflict', `run ${args.run_id} changed while it was being redriven (redriven by someone else?); read it and try again`);
    }
    return ok({
      run_id: r.run_id,
      run_status: 'RUNNING' as const,
      redrive_count: r.redrive_count,
      redriven: r.redriven,
      resumed: r.resumed,
    });
  },
});
