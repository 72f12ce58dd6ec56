import { z } from 'zod';
import { calibrationReview } from '../../calibration/review-view.ts';
import { defineTool } from '../define-tool.ts';
import { calibrationDb, isDbFailure, resultOf } from './calibration-db.ts';

export const getCalibrationReviewTool = defineTool({
  name: 'get_calibration_review',
  description:
    "A reviewer's blind view of a calibration session (its reviewers only): the rules to answer, the calls in order with " +
    "their transcripts, and the reviewer's own answers so far (with versions after the submission). Never the AI's " +
    "verdicts or score, never another reviewer's answers.",
  readOnly: true,
  input: z.object({ session_id: z.uuid().max(36) }),
  output: z.object({
    review: z.record(z.string(), z.unknown()).describe('session, rules, submitted_at, calls (with transcript), answers.'),
  }),
  async handler(args, { actor, services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return resultOf(await calibrationReview(db, actor, args.session_id), (v) => ({ review: v as unknown as Record<string, unknown> }));
  },
});
