import { z } from 'zod';
import { submitCalibrationReview } from '../../calibration/answers.ts';
import { defineTool } from '../define-tool.ts';
import { calibrationDb, isDbFailure, resultOf } from './calibration-db.ts';

export const submitCalibrationReviewTool = defineTool({
  name: 'submit_calibration_review',
  description:
    "Submit a reviewer's calibration review, once (the session's reviewers, signed in): every rule of every call must be " +
    'answered. From then on an answer changes only as an amendment (save_calibration_answers with amendment_reason). ' +
    'When every reviewer has submitted, the results are there.',
  readOnly: false,
  input: z.object({ session_id: z.uuid().max(36) }),
  output: z.object({
    submitted_at: z.string(),
    answers: z.number().int(),
    reviewers_left: z.number().int().describe('Reviewers who have still to submit.'),
  }),
  async handler(args, { actor, services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return resultOf(await submitCalibrationReview(db, actor, args), (v) => v);
  },
});
