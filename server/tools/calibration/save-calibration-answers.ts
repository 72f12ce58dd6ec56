import { z } from 'zod';
import { saveCalibrationAnswers } from '../../calibration/answers.ts';
import { calibrationAnswerSchema, MAX_REASON, MAX_SESSION_CALLS } from '../../../lib/calibration/session.ts';
import { defineTool } from '../define-tool.ts';
import { calibrationDb, isDbFailure, resultOf } from './calibration-db.ts';

export const saveCalibrationAnswersTool = defineTool({
  name: 'save_calibration_answers',
  description:
    "Save a reviewer's answers in a calibration session as they go (the session's reviewers, signed in): per call and rule " +
    'pass, fail or not_applicable with a short reason (required for a fail). Before submitting, answers are a draft; after, ' +
    'a change is an amendment: it needs amendment_reason and becomes a new version with who and when (audited).',
  readOnly: false,
  input: z.object({
    session_id: z.uuid().max(36),
    answers: z
      .array(calibrationAnswerSchema)
      .min(1)
      .max(MAX_SESSION_CALLS * 40),
    amendment_reason: z.string().trim().max(MAX_REASON).optional().describe('Why a submitted answer changes (required after submitting).'),
  }),
  output: z.object({
    saved: z.number().int().describe('Answers stored (unchanged answers are not stored again).'),
    amended: z.number().int().describe('Of those, new versions of submitted answers.'),
    submitted: z.boolean().describe('Whether the review had been submitted (so these were amendments).'),
  }),
  async handler(args, { actor, services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return resultOf(await saveCalibrationAnswers(db, actor, args), (v) => v);
  },
});
