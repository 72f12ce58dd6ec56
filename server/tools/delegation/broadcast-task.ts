import { z } from 'zod';
import { broadcastTask } from '../../delegation/delegate.ts';
import { COMPANION_STATUSES } from '../../delegation/tags.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { skillUrisParam } from './delegate-task.ts';
import { isToolFailure, jsonParam, withHub } from './delegation.ts';
import { idString, jsonTextString, nameString } from '../limits.ts';

/** dcf-plus "Task Delegation Tools": broadcast_task. */
export const broadcastTaskTool = defineTool({
  name: 'broadcast_task',
  description:
    'Offer a task to every Companion of the session with the given status (default idle) and ' +
    'specialization: each receives the task_delegation with broadcast: true and the first to claim it ' +
    '(update_companion_status busy with the task id) does it. Returns who was notified and who was ' +
    'skipped.',
  readOnly: false,
  input: z.object({
    session_id: idString().min(1),
    task_id: z.string().min(1).max(200),
    description: z.string().min(1).max(4000),
    skills_required_json: jsonTextString().describe('JSON array of skill:// URIs the task needs.'),
    specialization_filter: nameString().min(1).optional(),
    status_filter: z.enum(COMPANION_STATUSES).default('idle'),
  }),
  output: z.object({ task_id: z.string(), companions_notified: z.array(z.string()), companions_skipped: z.array(z.string()) }),
  async handler(args, { actor, services }) {
    const skills = jsonParam('skills_required_json', args.skills_required_json, skillUrisParam);
    if (isToolFailure(skills)) return skills;
    return withHub(services, async (hub) => {
      const r = await broadcastTask(
        hub,
        actor,
        args.session_id,
        { task_id: args.task_id, description: args.description, skills_required: skills ?? [], context: {}, priority: 'normal' },
        { specialization: args.specialization_filter, status: args.status_filter },
      );
      return ok({ task_id: args.task_id, companions_notified: r.notified, companions_skipped: r.skipped });
    });
  },
});
