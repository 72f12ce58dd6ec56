import { z } from 'zod';
import { readSessionActivity } from '../../delegation/activity.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { withHub } from './delegation.ts';
import { idString } from '../limits.ts';

const entry = z.object({
  at: z.string(),
  kind: z.string(),
  task_id: z.string().nullable(),
  actor: z.string().nullable(),
  subject: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

/** dcf-plus "Strategist Tools": read_session_activity. */
export const readSessionActivityTool = defineTool({
  name: 'read_session_activity',
  description:
    "Read a session's recent activity for analysis: delegations and their progress, Companion state " +
    'changes, task completions with their metrics (duration, tool calls, skills used), and errors ' +
    '(failed tasks, rejected messages).',
  readOnly: true,
  input: z.object({
    session_id: idString().min(1),
    include_delegation_log: z.boolean().default(true),
    include_companion_states: z.boolean().default(true),
    time_window_minutes: z
      .number()
      .positive()
      .max(60 * 24 * 90)
      .default(60),
  }),
  output: z.object({
    session_id: z.string(),
    activity: z.object({
      delegations: z.array(entry),
      companion_states: z.array(entry),
      task_completions: z.array(entry),
      errors: z.array(entry),
    }),
  }),
  async handler(args, { services }) {
    return withHub(services, async (hub) =>
      ok({
        session_id: args.session_id,
        activity: await readSessionActivity(hub, args.session_id, {
          delegationLog: args.include_delegation_log,
          companionStates: args.include_companion_states,
          windowMinutes: args.time_window_minutes,
        }),
      }),
    );
  },
});
