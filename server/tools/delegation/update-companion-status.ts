import { z } from 'zod';
import { updateCompanionStatus } from '../../delegation/companions.ts';
import { COMPANION_STATUSES } from '../../delegation/tags.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { withHub } from './delegation.ts';
import { idString, nameString } from '../limits.ts';

/** dcf-plus "Companion Lifecycle Tools": update_companion_status. */
export const updateCompanionStatusTool = defineTool({
  name: 'update_companion_status',
  description:
    "Set a Companion's status tag (idle, busy, error), optionally its specialization and its current " +
    'task, and its own entry in session_context. A Companion may change only its own; setting busy with ' +
    'the id of a broadcast task claims it (the first claim wins).',
  readOnly: false,
  input: z.object({
    companion_id: idString().min(1),
    status: z.enum(COMPANION_STATUSES),
    specialization: nameString().min(1).optional(),
    current_task_id: idString().min(1).optional().describe('The task being worked on (busy); cleared by idle/error unless given.'),
  }),
  output: z.object({ companion_id: z.string(), updated_tags: z.array(z.string()) }),
  async handler(args, { actor, services }) {
    return withHub(services, async (hub) =>
      ok({ companion_id: args.companion_id, updated_tags: await updateCompanionStatus(hub, actor, args) }),
    );
  },
});
