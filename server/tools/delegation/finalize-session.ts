import { z } from 'zod';
import { finalizeSession } from '../../delegation/finalize.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { withHub } from './delegation.ts';
import { ARG_LIMITS, idString } from '../limits.ts';

/** dcf-plus "Session Management Tools": finalize_session. */
export const finalizeSessionTool = defineTool({
  name: 'finalize_session',
  description:
    'End a session: dismiss every Companion (skills unloaded, shared blocks detached; deleted unless ' +
    'delete_companions is false), archive the session (blocks and their revisions, delegation log and ' +
    'activity, tasks and results, messages) as JSON under DCF_DATA_DIR/sessions/<session_id>/ ' +
    '(archive_path must stay inside DCF_DATA_DIR/sessions), clean up the shared blocks and the ' +
    'Strategist.',
  readOnly: false,
  input: z.object({
    session_id: idString().min(1),
    conductor_id: idString().min(1),
    delete_companions: z.boolean().default(true),
    archive_session_data: z.boolean().default(true),
    archive_path: z
      .string()
      .min(1)
      .max(ARG_LIMITS.path)
      .optional()
      .describe('Folder for the archive, inside DCF_DATA_DIR/sessions (relative to it, or absolute); default <session_id>.'),
  }),
  output: z.object({
    session_id: z.string(),
    companions_dismissed: z.number(),
    blocks_cleaned: z.number(),
    archive_path: z.string().nullable(),
  }),
  async handler(args, { actor, services }) {
    return withHub(services, async (hub) =>
      ok({
        session_id: args.session_id,
        ...(await finalizeSession(hub, actor, {
          session_id: args.session_id,
          conductor_id: args.conductor_id,
          delete_companions: args.delete_companions,
          archive: args.archive_session_data,
          archive_path: args.archive_path,
        })),
      }),
    );
  },
});
