import { z } from 'zod';
import { updateSessionContext } from '../../delegation/context-updates.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { isToolFailure, jsonParam, withHub } from './delegation.ts';
import { idString, jsonTextString } from '../limits.ts';

/** dcf-plus "Session Management Tools": update_session_context. */
export const updateSessionContextTool = defineTool({
  name: 'update_session_context',
  description:
    "Update the shared session_context block (the Conductor is its only writer): replace the user's " +
    'goals, merge preferences (null removes one), add an active task, or move a task to completed. ' +
    'Refused with a clear error when the block would exceed its limit.',
  readOnly: false,
  input: z.object({
    session_id: idString().min(1),
    goals_json: jsonTextString().optional().describe('JSON: the updated goals (an array, or one goal).'),
    preferences_json: jsonTextString().optional().describe('JSON object merged into preferences.'),
    add_active_task_json: jsonTextString()
      .optional()
      .describe('JSON object {task_id, description, companion_id?, skills?} added to active_tasks.'),
    complete_task_id: idString().min(1).optional().describe('Moves this task from active_tasks to completed_tasks.'),
  }),
  output: z.object({ session_id: z.string(), updated_fields: z.array(z.string()) }),
  async handler(args, { actor, services }) {
    const goals = jsonParam('goals_json', args.goals_json, z.unknown());
    if (isToolFailure(goals)) return goals;
    const preferences = jsonParam('preferences_json', args.preferences_json, z.record(z.string(), z.unknown()));
    if (isToolFailure(preferences)) return preferences;
    const task = jsonParam('add_active_task_json', args.add_active_task_json, z.record(z.string(), z.unknown()));
    if (isToolFailure(task)) return task;
    return withHub(services, async (hub) =>
      ok({
        session_id: args.session_id,
        updated_fields: await updateSessionContext(hub, actor, args.session_id, {
          goals,
          preferences,
          add_active_task: task,
          complete_task_id: args.complete_task_id,
        }),
      }),
    );
  },
});
