import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { agentIdsOf, agentNames } from '../../collaboration/agent-names.ts';
import { listCollaborationSessions, readCollaborationSession } from '../../collaboration/views.ts';
import { ADMIN, procedure, router } from '../init.ts';

/**
 * Collaboration sessions for admins (issue 18): read-only — agents create and change them with
 * the collaboration tools; the console shows what happened in them.
 */
export const collaborationRouter = router({
  sessions: procedure.meta({ access: ADMIN }).query(({ ctx }) => listCollaborationSessions(ctx.db)),

  session: procedure
    .meta({ access: ADMIN })
    .input(z.object({ id: z.string().trim().min(1).max(200) }))
    .query(async ({ ctx, input }) => {
      const s = await readCollaborationSession(ctx.db, input.id);
      if (!s) throw new TRPCError({ code: 'NOT_FOUND', message: `no collaboration session ${input.id}` });
      // Names are a courtesy: without a platform in this process the page shows the ids alone.
      const platform = ctx.services.agents ? await ctx.services.agents().catch(() => null) : null;
      return { ...s, agentNames: await agentNames(ctx.db, platform, agentIdsOf(s)) };
    }),
});
