import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { CHAT_ROLES } from '../../../lib/roles.ts';
import type { AgentPlatform } from '../../contracts/agent-platform.ts';
import {
  ConversationNotFound,
  conversationMessages,
  createConversation,
  deleteConversation,
  listConversations,
  renameConversation,
} from '../../chat/conversations.ts';
import type { ConversationRow } from '../../db/schema/chat.ts';
import { procedure, router } from '../init.ts';
import type { TrpcContext } from '../init.ts';

export { CHAT_ROLES };

async function platformOf(ctx: TrpcContext): Promise<AgentPlatform> {
  if (!ctx.services.agents)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'no agent platform is configured in this process' });
  return ctx.services.agents();
}

/** Maps "not yours / not there" to NOT_FOUND (one answer for both, so ids cannot be probed). */
async function owned<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ConversationNotFound) throw new TRPCError({ code: 'NOT_FOUND', message: err.message });
    throw err;
  }
}

const view = (r: ConversationRow) => ({
  id: r.id,
  mode: r.mode,
  agentId: r.agentId,
  platform: r.platform,
  title: r.title,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const id = z.object({ conversation_id: z.string().uuid() });

/** Chat (issue 5): a user's conversations with a Planner or Conductor; turns stream over /api/chat/<id>/messages. */
export const chatRouter = router({
  /** Which platform and brain answer (the page says so plainly). */
  runtime: procedure.meta({ access: CHAT_ROLES }).query(async ({ ctx }) => (await platformOf(ctx)).describe()),

  conversations: procedure.meta({ access: CHAT_ROLES }).query(async ({ ctx }) => (await listConversations(ctx.db, ctx.user!.id)).map(view)),

  create: procedure
    .meta({ access: CHAT_ROLES })
    .input(z.object({ mode: z.enum(['planner', 'conductor']) }))
    .mutation(async ({ ctx, input }) =>
      view(await createConversation(ctx.db, await platformOf(ctx), ctx.user!, input.mode, ctx.services.config.clock, ctx.services)),
    ),

  messages: procedure
    .meta({ access: CHAT_ROLES })
    .input(id.extend({ limit: z.number().int().min(1).max(2000).default(500) }))
    .query(async ({ ctx, input }) =>
      owned(async () => conversationMessages(ctx.db, await platformOf(ctx), ctx.user!.id, input.conversation_id, input.limit)),
    ),

  rename: procedure
    .meta({ access: CHAT_ROLES })
    .input(id.extend({ title: z.string().trim().min(1).max(120) }))
    .mutation(async ({ ctx, input }) =>
      owned(async () => view(await renameConversation(ctx.db, ctx.user!.id, input.conversation_id, input.title))),
    ),

  delete: procedure
    .meta({ access: CHAT_ROLES })
    .input(id)
    .mutation(async ({ ctx, input }) =>
      owned(async () => {
        await deleteConversation(ctx.db, await platformOf(ctx), ctx.user!.id, input.conversation_id);
        return { deleted: true };
      }),
    ),
});
