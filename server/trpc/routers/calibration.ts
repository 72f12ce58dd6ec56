import { TRPCError } from '@trpc/server';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { calibrationResults } from '../../calibration/results.ts';
import { CALIBRATION_LEADS, CALIBRATION_REVIEWERS } from '../../calibration/outcome.ts';
import { users } from '../../db/schema/index.ts';
import { calibrationCsv } from '../../../lib/calibration/csv.ts';
import { ALL_ROLES, actorOf, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';
import { addCalibrationNoteTool } from '../../tools/calibration/add-calibration-note.ts';
import { closeCalibrationSessionTool } from '../../tools/calibration/close-calibration-session.ts';
import { createCalibrationSessionTool } from '../../tools/calibration/create-calibration-session.ts';
import { getCalibrationResultsTool } from '../../tools/calibration/get-calibration-results.ts';
import { getCalibrationReviewTool } from '../../tools/calibration/get-calibration-review.ts';
import { listCalibrationNotesTool } from '../../tools/calibration/list-calibration-notes.ts';
import { listCalibrationSessionsTool } from '../../tools/calibration/list-calibration-sessions.ts';
import { saveCalibrationAnswersTool } from '../../tools/calibration/save-calibration-answers.ts';
import { submitCalibrationReviewTool } from '../../tools/calibration/submit-calibration-review.ts';

/**
 * Calibration sessions (issue 34): compliance managers and admins lead and review them (the tools
 * check who leads which session and who reviews in it); stakeholders are refused. The notes on
 * rules are read by everyone who reads a QA call review.
 */
export const calibrationRouter = router({
  list: toolQuery(listCalibrationSessionsTool, CALIBRATION_REVIEWERS),
  create: toolMutation(createCalibrationSessionTool, CALIBRATION_LEADS),
  review: toolQuery(getCalibrationReviewTool, CALIBRATION_REVIEWERS),
  saveAnswers: toolMutation(saveCalibrationAnswersTool, CALIBRATION_REVIEWERS),
  submit: toolMutation(submitCalibrationReviewTool, CALIBRATION_REVIEWERS),
  results: toolQuery(getCalibrationResultsTool, CALIBRATION_REVIEWERS),
  close: toolMutation(closeCalibrationSessionTool, CALIBRATION_LEADS),
  addNote: toolMutation(addCalibrationNoteTool, CALIBRATION_LEADS),
  notes: toolQuery(listCalibrationNotesTool, ALL_ROLES),
  /** The people a lead may choose as reviewers: enabled compliance managers and admins. */
  reviewerChoices: procedure.meta({ access: CALIBRATION_LEADS }).query(({ ctx }) =>
    ctx.db
      .select({ id: users.id, email: users.email, displayName: users.displayName, role: users.role })
      .from(users)
      .where(and(inArray(users.role, [...CALIBRATION_REVIEWERS]), isNull(users.disabledAt)))
      .orderBy(asc(users.displayName)),
  ),
  /** The results as CSV (the same query as `results`), once complete. */
  csv: procedure
    .meta({ access: CALIBRATION_REVIEWERS })
    .input(z.object({ session_id: z.uuid().max(36) }))
    .query(async ({ ctx, input }) => {
      const r = await calibrationResults(ctx.db, actorOf(ctx.user), input.session_id);
      if (!r.ok)
        throw new TRPCError({
          code: r.code === 'not_found' ? 'NOT_FOUND' : r.code === 'forbidden' ? 'FORBIDDEN' : 'BAD_REQUEST',
          message: r.message,
        });
      if (!r.value.figures)
        throw new TRPCError({
          code: 'PRECONDITION_FAILED',
          message: 'the results are there once every reviewer submitted or the lead closed the session',
        });
      return { filename: `calibration-${r.value.session.id}.csv`, csv: calibrationCsv(r.value.session, r.value.figures) };
    }),
});
