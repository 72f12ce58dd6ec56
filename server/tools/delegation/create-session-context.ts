import { z } from 'zod';
import { createSessionContext } from '../../delegation/sessions.ts';
import { writerOf } from '../../delegation/tags.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { isToolFailure, jsonParam, withHub } from './delegation.ts';
import { idString, jsonTextString } from '../limits.ts';

/** dcf-plus "Session Management Tools": create_session_context. */
export const createSessionContextTool = defineTool({
  name: 'create_session_context',
  description:
    'Create a delegated-mode session: its shared blocks session_context, delegation_log and ' +
    'strategist_guidelines (agents read them; the tools write them), attached to the Conductor, and the ' +
    "session's Strategist. Idempotent for the same Conductor.",
  readOnly: false,
  input: z.object({
    session_id: z.string().min(1).max(200).describe('Unique session identifier (tag session:<id>).'),
    conductor_id: idString().min(1),
    initial_goals_json: jsonTextString().optional().describe("Optional JSON: the user's goals (an array, or one goal)."),
    initial_preferences_json: jsonTextString().optional().describe("Optional JSON object: the user's preferences."),
  }),
  output: z.object({
    session_id: z.string(),
    blocks_created: z.object({ session_context: z.string(), delegation_log: z.string(), strategist_guidelines: z.string() }),
  }),
  async handler(args, { actor, services }) {
    const goals = jsonParam('initial_goals_json', args.initial_goals_json, z.unknown());
    if (isToolFailure(goals)) return goals;
    const preferences = jsonParam('initial_preferences_json', args.initial_preferences_json, z.record(z.string(), z.unknown()));
    if (isToolFailure(preferences)) return preferences;
    return withHub(services, async (hub) => {
      const { session } = await createSessionContext(hub, {
        session_id: args.session_id,
        conductor_id: args.conductor_id,
        goals: goals === undefined ? [] : Array.isArray(goals) ? goals : [goals],
        preferences: preferences ?? {},
        writer: writerOf(actor),
        ownerUserId: actor.kind === 'user' ? actor.id : null,
      });
      return ok({
        session_id: session.id,
        blocks_created: {
          session_context: session.sessionContextBlockId,
          delegation_log: session.delegationLogBlockId,
          strategist_guidelines: session.guidelinesBlockId,
        },
      });
    });
  },
});
