import { z } from 'zod';
import { listCompanions } from '../../delegation/companions.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { withHub } from './delegation.ts';
import { idString, nameString } from '../limits.ts';

const companion = z.object({
  companion_id: z.string(),
  companion_name: z.string(),
  specialization: z.string(),
  status: z.enum(['idle', 'busy', 'error']).optional(),
  current_task_id: z.string().nullable().optional(),
  loaded_skills: z.array(z.string()).optional(),
});

/** dcf-plus "Companion Lifecycle Tools": list_session_companions. */
export const listSessionCompanionsTool = defineTool({
  name: 'list_session_companions',
  description:
    "List a session's Companions with their specialization and, by default, their status (idle, busy, " +
    'error), current task and loaded skills — read before delegating, to reuse an idle Companion of the ' +
    'right specialization.',
  readOnly: true,
  input: z.object({
    session_id: idString().min(1),
    include_status: z.boolean().default(true).describe('Include status, current task and loaded skills.'),
    specialization_filter: nameString().min(1).optional(),
  }),
  output: z.object({ session_id: z.string(), companions: z.array(companion), count: z.number() }),
  async handler(args, { services }) {
    return withHub(services, async (hub) => {
      const list = await listCompanions(hub, args.session_id, { specialization: args.specialization_filter });
      const companions = list.map((c) =>
        args.include_status
          ? {
              companion_id: c.companion_id,
              companion_name: c.companion_name,
              specialization: c.specialization,
              status: c.status,
              current_task_id: c.current_task_id,
              loaded_skills: c.loaded_skills,
            }
          : { companion_id: c.companion_id, companion_name: c.companion_name, specialization: c.specialization },
      );
      return ok({ session_id: args.session_id, companions, count: companions.length });
    });
  },
});
