import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { EVALUATORS } from '../../../lib/roles.ts';
import { listDatasets } from '../../evals/catalog.ts';
import { markAbandonedRuns } from '../../evals/liveness.ts';
import { startEvaluation } from '../../evals/start.ts';
import { compareEvalRuns, getEvalRun, listEvalRuns } from '../../evals/store.ts';
import { procedure, router } from '../init.ts';

const datasetName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a dataset name of evals/datasets');
const caseId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);

/**
 * Agent evaluations (issue 30) for designers and admins: the stored runs of the datasets in
 * evals/datasets (newest first), one run's cases with their failed expectations, two runs compared
 * case by case, the datasets the server knows, and starting a run against the console's own brain
 * (in the background: the mutation answers with the run's id). Compliance managers and
 * stakeholders are refused: evaluations are about shaping the agents, not about the calls.
 */
export const evaluationsRouter = router({
  /** The repository's datasets, each with its cases and, when it cannot run here, why. */
  datasets: procedure.meta({ access: EVALUATORS }).query(({ ctx }) => listDatasets(ctx.services.config.rootDir)),

  /** Runs, newest first; runs whose process stopped are marked abandoned first (liveness.ts), so none shows as running for ever. */
  runs: procedure
    .meta({ access: EVALUATORS })
    .input(
      z.strictObject({
        dataset: datasetName.optional(),
        limit: z.number().int().min(1).max(100).default(50),
        before: z.iso.datetime().optional(),
      }),
    )
    .query(async ({ ctx, input }) => {
      await markAbandonedRuns(ctx.db);
      return listEvalRuns(ctx.db, input);
    }),

  run: procedure
    .meta({ access: EVALUATORS })
    .input(z.strictObject({ id: z.uuid() }))
    .query(({ ctx, input }) => getEvalRun(ctx.db, input.id)),

  /** `other` against `base`: per case better, worse or the same. */
  compare: procedure
    .meta({ access: EVALUATORS })
    .input(z.strictObject({ base: z.uuid(), other: z.uuid() }))
    .query(({ ctx, input }) => compareEvalRuns(ctx.db, input.base, input.other)),

  /** Starts a run of a repository dataset (optionally some of its cases) in the background; answers once the run is stored. */
  start: procedure
    .meta({ access: EVALUATORS })
    .input(z.strictObject({ dataset: datasetName, cases: z.array(caseId).min(1).max(200).optional() }))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.services.agents)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'this console serves no agents, so it cannot run an evaluation' });
      const platform = await ctx.services.agents();
      const r = await startEvaluation(ctx.db, platform, {
        rootDir: ctx.services.config.rootDir,
        dataset: input.dataset,
        cases: input.cases,
        startedBy: `user:${ctx.user!.id}`,
        services: ctx.services,
      });
      if (!r.ok)
        throw new TRPCError({
          code: r.code === 'not_found' ? 'NOT_FOUND' : r.code === 'busy' ? 'CONFLICT' : 'BAD_REQUEST',
          message: r.error,
        });
      return { run_id: r.run_id };
    }),
});
