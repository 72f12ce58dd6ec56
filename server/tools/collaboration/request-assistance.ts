import { z } from 'zod';
import { requestAssistance } from '../../collaboration/assistance.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { deliverySchema } from './schemas.ts';
import { ARG_LIMITS, idString, longText, nameString } from '../limits.ts';

/** collaboration-tools.md §6 request_assistance. */
export const requestAssistanceTool = defineTool({
  name: 'request_assistance',
  description:
    'Ask other agents for help: targeted (target_agent_id, one id or a list) or broadcast to every ' +
    'agent holding all required_capabilities. The request is sent agent-to-agent through the agent ' +
    'platform and recorded. A broadcast no agent qualifies for fails (not_found, ' +
    'details.request_status "failure").',
  readOnly: false,
  input: z.object({
    requesting_agent_id: idString().describe('Your unique Agent ID.'),
    task_description: longText().describe('Clear description of the task or problem you need help with.'),
    required_capabilities: z
      .array(nameString())
      .max(ARG_LIMITS.items)
      .optional()
      .describe('Optional: List of specific capabilities needed from the assisting agent(s). Used for broadcast requests.'),
    target_agent_id: z
      .union([idString(), z.array(idString()).max(ARG_LIMITS.items)])
      .optional()
      .describe('Optional: The unique Agent ID (or array of IDs) of specific agent(s) you want to request help from ' + 'directly.'),
    urgency: z.enum(['high', 'medium', 'low']).default('medium').describe('How urgently assistance is needed.'),
  }),
  output: z.object({
    message_id: z.string(),
    request_status: z.literal('sent'),
    mode: z.enum(['targeted', 'broadcast']),
    urgency: z.enum(['high', 'medium', 'low']),
    required_capabilities: z.array(z.string()),
    targeted_count: z.number().int(),
    targeted_agent_ids: z.array(z.string()),
    delivery: z.array(deliverySchema),
    session_id: z.string().nullable(),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => requestAssistance(c, args)),
});
