import { z } from 'zod';
import type { EntryRecord } from '../../contracts/execution-entries.ts';
import { runKeys } from '../../controlplane/keys.ts';
import { listWorkflowRuns } from '../../execution/run-list.ts';
import { baseName } from '../../execution/instances.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { idString } from '../limits.ts';
import { execution } from '../runtime/execution.ts';

/** How many of the workflow's newest runs are looked through for one that reached the state. */
export const LAST_INPUT_RUNS = 25;

/**
 * Issue 34, "Test state…" prefilled from a real run: the raw input the state had in the newest run
 * of the workflow (any version) that reached it — looked for in its newest LAST_INPUT_RUNS runs,
 * the first instance in the run's entries (inside a Map, one iteration's). `found: null` when none
 * of them reached it (the editor then starts from the upstream shape). Read-only; the run's input
 * is what the run list already shows its readers.
 */
export const getLastStateInputTool = defineTool({
  name: 'get_last_state_input',
  description:
    "The raw input a workflow's state had in the newest run that reached it (among the workflow's newest " +
    `${LAST_INPUT_RUNS} runs, any version): the run, its version, when the state was entered, and the input; ` +
    'found is null when none of those runs reached the state.',
  readOnly: true,
  input: z.object({
    workflow_id: z.string().min(1).max(200).describe('The workflow whose runs are read.'),
    state: idString().min(1).describe('The state, by name (state names are unique across a workflow, nested states too).'),
  }),
  output: z.object({
    found: z
      .object({
        run_id: z.string(),
        workflow_version: z.string(),
        run_started_at: z.string(),
        instance: z.string().describe('The state instance (prefixed by its Map iteration inside a Map).'),
        entered_at: z.string(),
        input: z.unknown(),
      })
      .nullable(),
    runs_searched: z.number().int(),
  }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const { runs } = await listWorkflowRuns(x.redis, { workflow_id: args.workflow_id }, { limit: LAST_INPUT_RUNS });
    for (const run of runs) {
      const entries = await x.redis.hgetall(runKeys(run.run_id).entries);
      const hits = Object.entries(entries)
        .filter(([instance]) => baseName(instance) === args.state)
        .map(([instance, raw]) => ({ instance, entry: JSON.parse(raw) as EntryRecord }))
        .sort((a, b) => a.entry.entered_at.localeCompare(b.entry.entered_at));
      const first = hits[0];
      if (!first) continue;
      return ok({
        found: {
          run_id: run.run_id,
          workflow_version: run.workflow_version,
          run_started_at: run.started_at,
          instance: first.instance,
          entered_at: first.entry.entered_at,
          input: first.entry.input,
        },
        runs_searched: runs.indexOf(run) + 1,
      });
    }
    return ok({ found: null, runs_searched: runs.length });
  },
});
