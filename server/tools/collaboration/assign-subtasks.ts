import { z } from 'zod';
import { assignAndRecord } from '../../collaboration/assign-subtasks.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { availableModels } from './schemas.ts';
import { ARG_LIMITS, idString, longText, nameString } from '../limits.ts';

/** collaboration-tools.md §2 assign_subtasks. */
export const assignSubtasksTool = defineTool({
  name: 'assign_subtasks',
  description:
    'Assign each subtask to the available agent holding the most of its required capabilities; ties ' +
    'go to the better measured reliability (subtasks done vs failed, then mean evaluation rating, ' +
    'then fewer open subtasks). Subtasks no agent can do come back unassigned with the reason. Every ' +
    'assignment is recorded.',
  readOnly: false,
  input: z.object({
    subtasks: z
      .array(
        z.object({
          id: idString(),
          description: longText(),
          required_capabilities: z.array(nameString()).max(ARG_LIMITS.items),
        }),
      )
      .max(ARG_LIMITS.items)
      .describe('List of subtask objects, each including an ID, description, and required capabilities.'),
    available_models: availableModels.describe('List of available agent objects, including their IDs and capabilities.'),
  }),
  output: z.object({
    assignments: z.array(
      z.object({
        subtask_id: z.string(),
        status: z.enum(['assigned', 'unassigned']),
        assigned_agent_id: z.string().nullable(),
        matched_capabilities: z.array(z.string()),
        missing_capabilities: z.array(z.string()),
        reliability: z.number().nullable(),
        reason: z.string(),
      }),
    ),
    assigned_count: z.number().int(),
    unassigned_count: z.number().int(),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => assignAndRecord(c, args.subtasks, args.available_models)),
});
