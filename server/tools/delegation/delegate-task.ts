import { z } from 'zod';
import { delegateTask } from '../../delegation/delegate.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { isToolFailure, jsonParam, withHub } from './delegation.ts';
import { idString, jsonTextString } from '../limits.ts';

export const skillUrisParam = z.array(z.string().regex(/^skill:\/\//, 'must be a skill:// URI'));
export const priority = z.enum(['low', 'normal', 'high']).default('normal');

/** dcf-plus "Task Delegation Tools": delegate_task. */
export const delegateTaskTool = defineTool({
  name: 'delegate_task',
  description:
    'Delegate a task to an idle Companion: sends it a task_delegation message (validated against ' +
    'schemas/messages/task-delegation-1.0.0.json) with send_message_to_agent_async, sets it status:busy ' +
    'with the task as its current task, tracks the task in session_context and logs it. You choose the ' +
    'skills (skills_required_json); the Companion loads exactly those. context_json may carry inputs and ' +
    'a plan of skill tool calls. The result arrives later as a task_result message.',
  readOnly: false,
  input: z.object({
    companion_id: idString().min(1),
    task_id: z.string().min(1).max(200).describe('Unique within the session.'),
    description: z.string().min(1).max(4000),
    skills_required_json: jsonTextString().describe('JSON array of skill:// URIs the task needs.'),
    context_json: jsonTextString()
      .optional()
      .describe('Optional JSON object: inputs, constraints, a plan (see the task_delegation schema).'),
    priority,
    update_session_context: z.boolean().default(true).describe('Track the task in session_context.active_tasks.'),
  }),
  output: z.object({
    task_id: z.string(),
    companion_id: z.string(),
    message_sent: z.boolean(),
    delegation_payload: z.record(z.string(), z.unknown()),
  }),
  async handler(args, { actor, services }) {
    const skills = jsonParam('skills_required_json', args.skills_required_json, skillUrisParam);
    if (isToolFailure(skills)) return skills;
    const context = jsonParam('context_json', args.context_json, z.record(z.string(), z.unknown()));
    if (isToolFailure(context)) return context;
    return withHub(services, async (hub) => {
      const message = await delegateTask(
        hub,
        actor,
        args.companion_id,
        {
          task_id: args.task_id,
          description: args.description,
          skills_required: skills ?? [],
          context: context ?? {},
          priority: args.priority,
        },
        args.update_session_context,
      );
      return ok({
        task_id: args.task_id,
        companion_id: args.companion_id,
        message_sent: true,
        delegation_payload: message as unknown as Record<string, unknown>,
      });
    });
  },
});
