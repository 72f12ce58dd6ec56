import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { deleteDraft, draftInputSchema, getDraft, listDrafts, saveDraft } from '../../workflows/drafts.ts';
import { EDITORS, procedure, router } from '../init.ts';

const byId = z.object({ id: z.string().uuid() });
/** "Not yours" and "not there" get the same answer, so draft ids cannot be probed. */
const notFound = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `no draft ${id}` });

/**
 * The editor's drafts (server/workflows/drafts.ts): designers and admins, each their own only.
 * A draft is any text — invalid or unparsable documents are kept — so work is never lost.
 */
export const workflowDraftsRouter = router({
  /** The caller's drafts, most recently edited first, without their text. */
  list: procedure.meta({ access: EDITORS }).query(({ ctx }) => listDrafts(ctx.db, ctx.user!.id)),

  /** One draft with its text. */
  get: procedure
    .meta({ access: EDITORS })
    .input(byId)
    .query(async ({ ctx, input }) => {
      const draft = await getDraft(ctx.db, ctx.user!.id, input.id);
      if (!draft) throw notFound(input.id);
      return draft;
    }),

  /** Creates (no id, or a fresh one) or overwrites one of the caller's drafts; returns the row. */
  save: procedure
    .meta({ access: EDITORS })
    .input(draftInputSchema)
    .mutation(async ({ ctx, input }) => {
      const draft = await saveDraft(ctx.db, ctx.user!.id, input);
      if (!draft) throw notFound(input.id ?? '');
      return draft;
    }),

  delete: procedure
    .meta({ access: EDITORS })
    .input(byId)
    .mutation(async ({ ctx, input }) => ({ deleted: await deleteDraft(ctx.db, ctx.user!.id, input.id) })),
});
