import { z } from 'zod';
import { createSession } from '../../collaboration/sessions.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { deliverySchema } from './schemas.ts';
import { ARG_LIMITS, idString, longText, nameString } from '../limits.ts';

/** collaboration-tools.md §5 create_collaboration_session. */
export const createCollaborationSessionTool = defineTool({
  name: 'create_collaboration_session',
  description:
    'Start a collaboration session: stored with its title, description, coordinator and participants ' +
    '(every agent must exist; the coordinator takes part), with a main thread for plan updates; every ' +
    'other participant is sent an invitation from the coordinator through the agent platform.',
  readOnly: false,
  input: z.object({
    title: nameString().describe("A clear title for the collaboration session (e.g., 'Develop Authentication Feature')."),
    description: longText().describe('A detailed description of the overall goal and objectives of the collaboration.'),
    participant_model_ids: z
      .array(idString())
      .max(ARG_LIMITS.items)
      .describe('List of unique Agent IDs of all agents participating in this session.'),
    coordinator_model_id: idString().describe('The unique Agent ID of the agent designated to coordinate this session.'),
  }),
  output: z.object({
    session_id: z.string(),
    thread_id: z.string(),
    title: z.string(),
    session_status: z.literal('active'),
    coordinator_model_id: z.string(),
    participant_model_ids: z.array(z.string()),
    invitation_message_id: z.string().nullable(),
    invitations: z.array(deliverySchema),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => createSession(c, args)),
});
