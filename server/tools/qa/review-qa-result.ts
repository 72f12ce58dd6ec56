import { z } from 'zod';
import { reviewInputSchema } from '../../../lib/review-input.ts';
import { reviewQaResult } from '../../qa/review.ts';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { isToolFailure, qaDb } from './qa-db.ts';
import { scoringSkillOf } from './scoring-skill.ts';

/**
 * A human review action on a QA result. Human sessions only: an agent (MCP) or a script (CLI)
 * gets `forbidden` — the tool exists in the one tool layer so every transport refuses it the same way.
 */
export const reviewQaResultTool = defineTool({
  name: 'review_qa_result',
  description:
    'Review a QA result (compliance managers and admins signed in to the console only; agents and scripts are refused): ' +
    "action 'rule' agrees with or overrides one rule verdict, 'score' the score (an override needs the new value and a " +
    "reason); 'comment' adds a comment; 'sign_off' signs the whole call review off; 'reanalysis' adopts an analysis made " +
    'after the sign-off (the record moves to it, to be signed off again) or keeps the signed one. An override of a ' +
    'mandatory rule needs a second sign-off by a different reviewer. The AI result is never changed: decisions give the ' +
    "call reviewed figures (the scoring skill's formula over the reviewed verdicts), which every view then shows.",
  readOnly: false,
  // A discriminated union cannot be a tool's top-level object: wrap it, and check it in the handler.
  input: z.object({ review: reviewInputSchema }),
  output: z.object({
    review_status: z.string(),
    overridden: z.boolean(),
    human_score: z.number().nullable(),
    sign_offs: z.number().int(),
    sign_offs_needed: z.number().int(),
    reviewed_score: z.number().nullable().describe('The reviewed score; null while not computed (the AI score stands).'),
    score: z.number().nullable().describe('The score of record: the reviewed score where there is one, the AI score otherwise.'),
    failed_mandatory: z.number().int().describe('Mandatory rules failed, as reviewed.'),
  }),
  async handler(args, { actor, services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    const r = await reviewQaResult(db, actor, args.review, scoringSkillOf(services));
    if (!r.ok) return fail(r.code, r.message);
    return ok({
      review_status: r.status,
      overridden: r.overridden,
      human_score: r.humanScore,
      sign_offs: r.signOffs,
      sign_offs_needed: r.signOffsNeeded,
      reviewed_score: r.reviewedScore,
      score: r.recordScore,
      failed_mandatory: r.recordFailedMandatory,
    });
  },
});
