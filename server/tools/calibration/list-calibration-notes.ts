import { z } from 'zod';
import { notesForRules } from '../../calibration/lead.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { ARG_LIMITS } from '../limits.ts';
import { calibrationDb, isDbFailure } from './calibration-db.ts';

export const listCalibrationNotesTool = defineTool({
  name: 'list_calibration_notes',
  description:
    'The calibration notes on some rules (everyone who reads QA results): per rule and session the newest note, with the ' +
    'session it came from, its author and when; newest first. What the QA call review shows beside each rule.',
  readOnly: true,
  input: z.object({ rule_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(ARG_LIMITS.items) }),
  output: z.object({
    notes: z.array(
      z.object({
        rule_id: z.string(),
        note: z.string(),
        session_id: z.string(),
        session_name: z.string(),
        author: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
  async handler(args, { services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return ok({ notes: await notesForRules(db, args.rule_ids) });
  },
});
