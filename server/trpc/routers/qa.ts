import { savedQaFilters } from '../../db/schema/index.ts';
import { qaFilterSchema } from '../../../lib/qa-filter.ts';
import { ruleAgreement, scoreAgreement, skillAgreement } from '../../qa/agreement.ts';
import { qaFilterOptions } from '../../qa/options.ts';
import { QA_REVIEWERS } from '../../../lib/roles.ts';
import { getQaResultTool } from '../../tools/qa/get-qa-result.ts';
import { listQaResultsTool } from '../../tools/qa/list-qa-results.ts';
import { reviewQaResultTool } from '../../tools/qa/review-qa-result.ts';
import { summariseQaResultsTool } from '../../tools/qa/summarise-qa-results.ts';
import { z } from 'zod';
import { qaAggregateOfRuns } from '../../qa/query.ts';
import { ALL_ROLES, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';
import { savedFiltersRouter } from './saved-filters.ts';

/**
 * QA review (issue 13): the queue, its summaries and a call's detail for everyone (stakeholders read), review
 * actions for compliance managers and admins, agreement between reviewers and the AI, the filter
 * menus, saved queue filters (everyone, their own), and which clock the console runs on.
 */
export const qaRouter = router({
  list: toolQuery(listQaResultsTool, ALL_ROLES),
  get: toolQuery(getQaResultTool, ALL_ROLES),
  /** Stored results per advisor, team, product, rule or week (summarise_qa_results). */
  summary: toolQuery(summariseQaResultsTool, ALL_ROLES),
  review: toolMutation(reviewQaResultTool, QA_REVIEWERS),
  agreement: procedure.meta({ access: ALL_ROLES }).query(async ({ ctx }) => {
    const [rules, scores, skills] = await Promise.all([ruleAgreement(ctx.db), scoreAgreement(ctx.db), skillAgreement(ctx.db)]);
    return { rules, scores, skills };
  }),
  /** Per run: how many calls it stored, and the mean of their scores of record (the run list's QA column). */
  runScores: procedure
    .meta({ access: ALL_ROLES })
    .input(z.object({ run_ids: z.array(z.string().min(1).max(100)).max(200) }))
    .query(({ ctx, input }) => qaAggregateOfRuns(ctx.db, input.run_ids)),
  options: procedure.meta({ access: ALL_ROLES }).query(({ ctx }) => qaFilterOptions(ctx.db)),
  /** The console's "today": DCF_CLOCK when pinned (the demo), else null for the real clock. */
  clock: procedure.meta({ access: ALL_ROLES }).query(({ ctx }) => ({ pinnedToday: ctx.services.config.clock ?? null })),
  savedFilters: savedFiltersRouter(savedQaFilters, qaFilterSchema),
});
