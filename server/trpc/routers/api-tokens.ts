import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import { API_TOKEN_SCOPES } from '../../db/schema/index.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../auth/api-tokens.ts';
import { ADMIN, procedure, router } from '../init.ts';

/**
 * API tokens for the MCP endpoint (Settings → API tokens). Admins only; creating and revoking are
 * audited by the mutation middleware (the arguments' digest, never the token). The token itself
 * is in `create`'s answer and nowhere else: only its hash is stored.
 */
export const apiTokensRouter = router({
  list: procedure.meta({ access: ADMIN }).query(({ ctx }) => listApiTokens(ctx.db)),

  create: procedure
    .meta({ access: ADMIN })
    .input(
      z.object({
        name: z.string().trim().min(1).max(120),
        agentName: z
          .string()
          .trim()
          .min(1)
          .max(120)
          .regex(/^[\w.:@-]+$/, 'letters, digits and . _ : @ - only (it names the actor in the audit log)'),
        scopes: z.array(z.enum(API_TOKEN_SCOPES)).min(1, 'choose at least one scope'),
      }),
    )
    .mutation(({ ctx, input }) =>
      createApiToken(ctx.db, {
        ...input,
        createdBy: ctx.user?.id ?? null,
        minter: { tokenId: null, actor: ctx.user ? `user:${ctx.user.id}` : 'system:console' },
      }),
    ),

  /** Revokes the token and, transitively, every token minted under it (server/auth/token-lineage.ts). */
  revoke: procedure
    .meta({ access: ADMIN })
    .input(z.object({ id: z.string().uuid() }))
    .mutation(async ({ ctx, input }) => {
      const revoked = await revokeApiToken(ctx.db, input.id);
      if (!revoked) throw new TRPCError({ code: 'NOT_FOUND', message: 'No live token with that id (already revoked?).' });
      return revoked;
    }),
});
