import { z } from 'zod';
import { compareModels } from '../../collaboration/compare.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { figuresOut } from './schemas.ts';
import { ARG_LIMITS, idString, nameString } from '../limits.ts';

/** collaboration-tools.md §4 compare_models. */
export const compareModelsTool = defineTool({
  name: 'compare_models',
  description:
    'Compare agents side by side: their capabilities (or whether each holds the capabilities asked ' +
    'about) and measured figures from the recorded collaborations — subtasks delegated, done, failed ' +
    '(recorded or past their deadline) and open, success rate, mean latency from delegation to ' +
    'result, and mean evaluation ratings per criterion, each with its count, and how many evaluations ' +
    'averaged below 3 of 5.',
  readOnly: true,
  input: z.object({
    model_ids: z
      .array(idString())
      .max(ARG_LIMITS.modelIds)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat an id' })
      .meta({ uniqueItems: true })
      .describe('List of unique Agent IDs to compare.'),
    capabilities: z
      .array(nameString())
      .max(ARG_LIMITS.items)
      .optional()
      .describe('Optional: List of specific capability names to focus the comparison on.'),
  }),
  output: z.object({
    capabilities_compared: z.array(z.string()),
    capability_filter_applied: z.boolean(),
    models: z.array(
      z.object({
        model_id: z.string(),
        kind: z.enum(['platform', 'external']),
        model_type: z.string(),
        capabilities: z.array(z.string()),
        capability_match: z.record(z.string(), z.boolean()),
        capabilities_held: z.number().int(),
        figures: figuresOut,
      }),
    ),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => compareModels(c, args)),
});
