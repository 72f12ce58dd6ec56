import { z } from 'zod';
import { mergeResults } from '../../collaboration/subtasks.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { ARG_LIMITS, idString, longText } from '../limits.ts';

/** collaboration-tools.md §3 merge_results. */
export const mergeResultsTool = defineTool({
  name: 'merge_results',
  description:
    'Combine subtask results into one document with a section per subtask naming the agent that ' +
    'produced each part (merged), plus the same as structured parts and contributors. A result from a ' +
    "delegated subtask's assignee completes that subtask (its latency is measured) and frees the " +
    'assignee when it has no open subtask left.',
  readOnly: false,
  input: z.object({
    results: z
      .array(
        z.object({
          subtask_id: idString().describe('ID of the subtask this result corresponds to.'),
          model_id: idString().describe('ID of the agent that produced this result.'),
          content: longText().describe('The textual content of the result produced for the subtask.'),
        }),
      )
      .max(ARG_LIMITS.items)
      .describe('An array of result objects from different agents/subtasks to be combined.'),
  }),
  output: z.object({
    merged: z.string(),
    parts: z.array(
      z.object({
        subtask_id: z.string(),
        model_id: z.string(),
        content: z.string(),
        description: z.string().nullable(),
      }),
    ),
    contributors: z.array(z.object({ model_id: z.string(), subtask_ids: z.array(z.string()) })),
    subtasks_completed: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => mergeResults(c, args.results)),
});
