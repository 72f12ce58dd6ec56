import { z } from 'zod';
import { InvalidCursor, listWorkflowRuns } from '../../execution/run-list.ts';
import { RUN_STATUSES, runListFilterSchema } from '../../../lib/run-list.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { execution } from './execution.ts';

const count = z.number().int().min(0);

/** One run of the list: its record without the output, and how many state instances are in each status. */
export const runListRowOut = z.object({
  run_id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  workflow_version: z.string(),
  status: z.enum(RUN_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  started_by: z.string(),
  input: z.unknown(),
  error: z.string().nullable(),
  cause: z.string().nullable(),
  redrive_count: count,
  /** A designer's test run (issue 28): shown with a "test run" badge. */
  test_run: z.boolean(),
  states: z.object({ pending: count, running: count, done: count, failed: count, total: count }),
});

/** The run list of the console (newest first, filtered, paged), also for agents and scripts. */
export const listWorkflowRunsTool = defineTool({
  name: 'list_workflow_runs',
  description:
    'List workflow runs, newest first: run_id, workflow, version, status, times, who started it, input, ' +
    'error, and state counts (pending/running/done/failed/total). Filters: workflow_id, version, status ' +
    '(any of), started_after (inclusive) / started_before (exclusive), advisor (case-insensitive ' +
    "substring of the input's advisor_name or advisor). Pages of `limit` (default 50, at most 200); pass " +
    'next_cursor back as `cursor` for the next page (null: no more). A page may hold fewer rows than ' +
    '`limit` and still have a next_cursor when the filter matches few runs.',
  readOnly: true,
  input: runListFilterSchema.extend({
    limit: z.number().int().min(1).max(200).default(50),
    cursor: z.string().min(1).max(200).optional().describe('next_cursor of the previous page.'),
  }),
  output: z.object({ runs: z.array(runListRowOut), next_cursor: z.string().nullable() }),
  async handler(args, { services }) {
    const x = await execution(services);
    if (isFailure(x)) return x;
    const { limit, cursor, ...filter } = args;
    try {
      return ok(await listWorkflowRuns(x.redis, filter, { limit, cursor }));
    } catch (err) {
      if (err instanceof InvalidCursor) return fail('invalid_input', err.message);
      throw err;
    }
  },
});
