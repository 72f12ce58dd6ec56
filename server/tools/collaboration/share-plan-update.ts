import { z } from 'zod';
import { sharePlanUpdate } from '../../collaboration/plan-updates.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { deliverySchema } from './schemas.ts';
import { ARG_LIMITS, idString, longText, shortText } from '../limits.ts';

/** collaboration-tools.md §9 share_plan_update. */
export const sharePlanUpdateTool = defineTool({
  name: 'share_plan_update',
  description:
    'Share your plan, current step, next steps, blockers and confidence with one agent (recipient_id) ' +
    'or a collaboration thread (thread_id: every other participant) — exactly one of the two. Sent ' +
    'through the agent platform and stored; related_task_id naming your delegated subtask marks it in ' +
    'progress.',
  readOnly: false,
  input: z.object({
    sender_id: idString().describe('Your unique Agent ID.'),
    recipient_id: idString().optional().describe('Optional: Direct recipient Agent ID.'),
    thread_id: idString().optional().describe('Optional: Thread ID to post the update in.'),
    plan_summary: longText().describe('A concise summary of the current plan or update.'),
    current_step: shortText().optional().describe('Optional: Description of the step currently being worked on.'),
    next_steps: z.array(shortText()).max(ARG_LIMITS.items).optional().describe('Optional: List of planned next steps.'),
    blockers: z.array(shortText()).max(ARG_LIMITS.items).optional().describe('Optional: Any obstacles or blockers encountered.'),
    confidence_level: z.number().min(0).max(1).optional().describe("Optional: Confidence level (0-1) in the current plan's success."),
    related_task_id: idString().optional().describe('Optional: Link this plan update to a specific task/subtask ID.'),
  }),
  output: z.object({
    message_id: z.string(),
    thread_id: z.string().nullable(),
    session_id: z.string().nullable(),
    delivered_to: z.array(z.string()),
    delivery: z.array(deliverySchema),
    related_task_in_progress: z.boolean(),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => sharePlanUpdate(c, args)),
});
