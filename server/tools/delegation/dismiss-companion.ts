import { z } from 'zod';
import { dismissCompanion } from '../../delegation/companions.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { withHub } from './delegation.ts';
import { idString } from '../limits.ts';

/** dcf-plus "Companion Lifecycle Tools": dismiss_companion. */
export const dismissCompanionTool = defineTool({
  name: 'dismiss_companion',
  description:
    'Remove a Companion from its session: unload its skills, detach the shared blocks it holds, cancel its open task, and delete it.',
  readOnly: false,
  input: z.object({
    companion_id: idString().min(1),
    unload_skills: z.boolean().default(true).describe('Unload its skills before deleting it.'),
    detach_shared_blocks: z.boolean().default(true).describe('Detach the shared blocks it holds.'),
  }),
  output: z.object({ companion_id: z.string(), skills_unloaded: z.array(z.string()), blocks_detached: z.array(z.string()) }),
  async handler(args, { actor, services }) {
    return withHub(services, async (hub) => ok({ companion_id: args.companion_id, ...(await dismissCompanion(hub, actor, args)) }));
  },
});
