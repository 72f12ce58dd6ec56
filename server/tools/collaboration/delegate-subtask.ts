import { z } from 'zod';
import { delegateSubtask } from '../../collaboration/subtasks.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { ARG_LIMITS, boundedJson, boundedRecord, idString, longText, nameString } from '../limits.ts';

/** collaboration-tools.md §7 delegate_subtask. */
export const delegateSubtaskTool = defineTool({
  name: 'delegate_subtask',
  description:
    'As coordinator, give a subtask to another agent: it is sent a subtask_delegation message through ' +
    "the agent platform, the subtask is recorded (subtask_id must be new) and the assignee's status " +
    'tag becomes status:busy until its result is merged (merge_results).',
  readOnly: false,
  input: z.object({
    coordinator_agent_id: idString().describe('Your unique Agent ID (acting as coordinator).'),
    assigned_agent_id: idString().describe('The unique Agent ID of the agent who will perform the subtask.'),
    subtask_id: idString().describe('A unique identifier for this specific subtask instance.'),
    subtask_description: longText().describe('A clear and detailed description of the work to be done for this subtask.'),
    parent_task_id: idString().optional().describe('Optional: The ID of the main task this subtask contributes to.'),
    deadline: z.iso
      .datetime({ offset: true })
      .max(64)
      .optional()
      .describe("Optional: Suggested completion deadline in ISO 8601 format (e.g., '2025-04-01T17:00:00Z')."),
    contextual_data: z
      .union([longText(), boundedRecord(nameString(), boundedJson(ARG_LIMITS.text))])
      .optional()
      .describe('Optional: Relevant data/context for the subtask (e.g., file paths, previous results).'),
  }),
  output: z.object({
    subtask_id: z.string(),
    message_id: z.string(),
    assigned_agent_id: z.string(),
    assignee_status: z.literal('busy'),
    session_id: z.string().nullable(),
    deadline: z.string().nullable(),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => delegateSubtask(c, args)),
});
