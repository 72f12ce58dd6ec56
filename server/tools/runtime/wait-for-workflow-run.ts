import { z } from 'zod';
import { showRun } from '../../execution/show-run.ts';
import { waitForRun } from '../../execution/wait-run.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { getWorkflowRunTool } from './get-workflow-run.ts';
import { execution, runId } from './execution.ts';

/**
 * The blocking counterpart of get_workflow_run, for agents: a Planner that started a run waits for
 * it in one call instead of polling step by step. Read-only: it only listens to the run's events.
 */
export const waitForWorkflowRunTool = defineTool({
  name: 'wait_for_workflow_run',
  description:
    'Wait until a run is no longer RUNNING (SUCCEEDED, FAILED, TIMED_OUT, ABORTED) or until timeout_s ' +
    'has elapsed, then read it exactly as get_workflow_run does (record, meta, state documents, ' +
    'inputs/outputs, data-plane envelopes, events); include_output, include_entries and iteration_data ' +
    'keep the answer small for agents. A run still RUNNING after the timeout is returned as it is: call ' +
    'again to keep waiting.',
  readOnly: true,
  /** The wait itself plus time to read a large run. */
  budgetMs: (args) => (args.timeout_s + 60) * 1000,
  input: z.object({
    run_id: runId,
    timeout_s: z.number().positive().max(120).default(60).describe('How long to wait at most (≤ 120 s).'),
    include_events: z.boolean().default(false),
    include_entries: z.boolean().default(true).describe("Each state instance's raw input and output (large for long runs)."),
    include_output: z.boolean().default(true).describe("The run's final output in the run record (it repeats the Tasks' results)."),
    iteration_data: z
      .enum(['full', 'summary'])
      .default('full')
      .describe(
        'The data-plane envelopes of Map iterations (`Map[i]/State`), which can be many: "summary" keeps ok, ' +
          'summary, metrics and the scalar fields of data (a score, counts; marked data_trimmed) and drops ' +
          'lists, nested documents and artifacts.',
      ),
  }),
  output: getWorkflowRunTool.output,
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const record = await waitForRun(x, args.run_id, args.timeout_s * 1000);
    if (!record) return fail('not_found', `no run ${args.run_id}`);
    const view = await showRun(x, args.run_id);
    if (!view) return fail('not_found', `no run ${args.run_id}`);
    return ok({
      ...view,
      run: (args.include_output ? view.run : { ...view.run, output: null }) as unknown as Record<string, unknown>,
      entries: args.include_entries ? (view.entries as Record<string, unknown>) : {},
      data:
        args.iteration_data === 'full'
          ? view.data
          : Object.fromEntries(Object.entries(view.data).map(([state, env]) => [state, state.includes('/') ? summaryOf(env) : env])),
      events: args.include_events ? view.events : [],
    });
  },
});

const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A data-plane envelope cut to what a Map iteration's result says in a line: ok, summary, metrics,
 * and of `data` only its scalar members and flat objects of scalars (a score, its breakdown, a
 * count) — lists and nested documents (transcripts, verdicts, flags) are dropped, and
 * `data_trimmed: true` says so, so a reader never takes a missing list for an empty one.
 */
function summaryOf(env: unknown): unknown {
  if (!isPlain(env)) return env;
  const { ok: succeeded, summary, metrics, data } = env;
  if (!isPlain(data)) return { ok: succeeded, summary, metrics };
  const kept = Object.entries(data).filter(([, v]) => scalar(v) || (isPlain(v) && Object.values(v).every(scalar)));
  return { ok: succeeded, summary, metrics, data: Object.fromEntries(kept), data_trimmed: true };
}
