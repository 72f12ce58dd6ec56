import { z } from 'zod';
import { closeCalibrationSession } from '../../calibration/lead.ts';
import { defineTool } from '../define-tool.ts';
import { calibrationDb, isDbFailure, resultOf } from './calibration-db.ts';

export const closeCalibrationSessionTool = defineTool({
  name: 'close_calibration_session',
  description:
    'Close a calibration session (its lead or an admin, signed in): the results become final over the reviewers who ' +
    'submitted and answers no longer change. Audited with who had not submitted.',
  readOnly: false,
  input: z.object({ session_id: z.uuid().max(36) }),
  output: z.object({
    closed_at: z.string(),
    closed_how: z.enum(['all_submitted', 'lead']).describe('`lead`: closed before every reviewer submitted.'),
    missing: z.array(z.string()).describe('Reviewers who had not submitted.'),
  }),
  async handler(args, { actor, services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return resultOf(await closeCalibrationSession(db, actor, args), (v) => v);
  },
});
