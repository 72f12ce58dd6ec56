import { z } from 'zod';
import { addCalibrationNote } from '../../calibration/lead.ts';
import { MAX_NOTE } from '../../../lib/calibration/session.ts';
import { defineTool } from '../define-tool.ts';
import { calibrationDb, isDbFailure, resultOf } from './calibration-db.ts';

export const addCalibrationNoteTool = defineTool({
  name: 'add_calibration_note',
  description:
    'Attach a calibration note to one rule of a session (its lead or an admin, signed in): what the team agreed about the ' +
    'rule. The note is shown beside the rule in every QA call review, with the session it came from; a later note on the ' +
    'same rule stands in front of it (the earlier stays).',
  readOnly: false,
  input: z.object({
    session_id: z.uuid().max(36),
    rule_id: z.string().trim().min(1).max(100),
    note: z.string().trim().min(1).max(MAX_NOTE),
  }),
  output: z.object({ note_id: z.string(), created_at: z.string() }),
  async handler(args, { actor, services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return resultOf(await addCalibrationNote(db, actor, args), (v) => v);
  },
});
