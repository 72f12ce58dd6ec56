import { TRPCError } from '@trpc/server';
import { z, ZodRealError } from 'zod';
import { AGENT_ROLES } from '../../../lib/agent-roles.ts';
import { agentDetail } from '../../agents/admin/agent-detail.ts';
import { listAgentsForAdmin } from '../../agents/admin/agent-list.ts';
import { agentMessagesPage } from '../../agents/admin/agent-messages.ts';
import { blockHistory } from '../../agents/admin/block-history.ts';
import { editAgentBlock } from '../../agents/admin/block-edit.ts';
import { AgentAdminError } from '../../agents/admin/errors.ts';
import { delegationHub } from '../../delegation/connect.ts';
import type { DelegationHub } from '../../delegation/hub.ts';
import { writerOf } from '../../delegation/tags.ts';
import { actorOf, ADMIN, procedure, router, type TrpcContext } from '../init.ts';

/** The agent platform's hub (blocks with revisions, sessions); PRECONDITION_FAILED where no platform is configured. */
async function hubOf(ctx: TrpcContext): Promise<DelegationHub> {
  if (!ctx.services.agents)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'no agent platform is configured in this process' });
  return delegationHub(await ctx.services.agents(), ctx.db, ctx.services);
}

const CODES = { not_found: 'NOT_FOUND', invalid_input: 'BAD_REQUEST', conflict: 'CONFLICT' } as const;

/**
 * Expected failures as tRPC errors. A refused value names the field: the error carries its
 * problems as input issues (`data.issues`, path `/value`), like any input the schema refuses.
 */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AgentAdminError) {
      const issues = err.problems.map((p) => ({ code: 'custom' as const, path: ['value'], message: p.message, input: undefined }));
      throw new TRPCError({ code: CODES[err.code], message: err.message, cause: issues.length ? new ZodRealError(issues) : err });
    }
    const e = err as { name?: string; code?: string; status?: number; message?: string };
    if (e?.name === 'AgentPlatformError' && e.code === 'not_found')
      throw new TRPCError({ code: 'NOT_FOUND', message: e.message ?? 'not found' });
    if (e?.name === 'AgentPlatformError' && e.code === 'invalid')
      throw new TRPCError({ code: 'BAD_REQUEST', message: e.message ?? 'refused by the platform' });
    if (e?.name === 'LettaPlatformError' && (e.status === 400 || e.status === 422)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: e.message ?? 'refused by Letta' });
    }
    throw err;
  }
}

const agentId = z.string().trim().min(1).max(200);
const blockId = z.string().trim().min(1).max(200);

/**
 * The Agents view (admins only): find any agent on the platform, read its core memory, tags,
 * tools and history, and edit a block's value. Every edit is a block revision with the admin as
 * writer, audited by the mutation middleware, and a `block_edited` event of the agent's
 * delegated-mode session when it has one.
 */
export const agentsRouter = router({
  list: procedure
    .meta({ access: ADMIN })
    .input(
      z.object({
        query: z.string().max(500).default(''),
        role: z.enum([...AGENT_ROLES, 'other']).optional(),
        limit: z.number().int().min(1).max(200).default(50),
        /** The offset of the page (`next_offset` of the one before). */
        cursor: z.number().int().min(0).nullish(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const hub = await hubOf(ctx);
      return listAgentsForAdmin(hub.platform, ctx.db, {
        text: input.query,
        role: input.role,
        offset: input.cursor ?? 0,
        limit: input.limit,
      });
    }),

  get: procedure
    .meta({ access: ADMIN })
    .input(z.object({ agent_id: agentId }))
    .query(async ({ ctx, input }) =>
      answer(async () => {
        const detail = await agentDetail(await hubOf(ctx), ctx.db, input.agent_id);
        if (!detail) throw new AgentAdminError('not_found', `no agent ${input.agent_id}`);
        return detail;
      }),
    ),

  messages: procedure
    .meta({ access: ADMIN })
    .input(
      z.object({ agent_id: agentId, limit: z.number().int().min(1).max(200).default(50), cursor: z.string().min(1).max(200).nullish() }),
    )
    .query(async ({ ctx, input }) =>
      answer(async () =>
        agentMessagesPage((await hubOf(ctx)).platform, input.agent_id, {
          limit: input.limit,
          ...(input.cursor ? { before: input.cursor } : {}),
        }),
      ),
    ),

  blockRevisions: procedure
    .meta({ access: ADMIN })
    .input(z.object({ block_id: blockId, limit: z.number().int().min(1).max(200).default(50) }))
    .query(async ({ ctx, input }) => answer(async () => blockHistory(await hubOf(ctx), ctx.db, input.block_id, input.limit))),

  updateBlock: procedure
    .meta({ access: ADMIN })
    .input(
      z.object({
        agent_id: agentId,
        block_id: blockId,
        value: z.string().max(1_000_000),
        /** The value the edit started from; the block must still hold it. */
        expected_value: z.string().max(1_000_000),
        reason: z.string().trim().max(300).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      answer(async () =>
        editAgentBlock(await hubOf(ctx), {
          agentId: input.agent_id,
          blockId: input.block_id,
          value: input.value,
          expectedValue: input.expected_value,
          writer: writerOf(actorOf(ctx.user)),
          reason: input.reason || 'edited by an admin in the Agents view',
        }),
      ),
    ),
});
