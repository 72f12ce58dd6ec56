import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../lib/roles.ts';
import { ConversationNotFound, getConversation } from '../../chat/conversations.ts';
import { blockRevisions, type DelegationSessionRow } from '../../db/schema/delegation.ts';
import { delegationHub } from '../../delegation/connect.ts';
import type { DelegationHub } from '../../delegation/hub.ts';
import { blocksOf } from '../../delegation/sessions.ts';
import { SessionStore } from '../../delegation/session-store.ts';
import { tagValue } from '../../../lib/tags.ts';
import { conversationSessions } from '../../delegation/views/conversation-sessions.ts';
import { readSessionDetail } from '../../delegation/views/session-detail.ts';
import { listSessionSummaries } from '../../delegation/views/session-list.ts';
import { maySeeSession, ownerFilterFor } from '../../delegation/views/visibility.ts';
import { logger } from '../../log.ts';
import { dismissCompanionTool } from '../../tools/delegation/dismiss-companion.ts';
import { finalizeSessionTool } from '../../tools/delegation/finalize-session.ts';
import type { ToolDefinition } from '../../tools/define-tool.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { actorOf, procedure, router, type TrpcContext } from '../init.ts';
import { CHAT_ROLES } from './chat.ts';

/** Who watches delegated mode on the Companions page: admins (every session) and compliance managers (their own). */
export const COMPANION_ROLES: readonly Role[] = ['compliance_manager', 'admin'];

const sessionId = z.string().min(1).max(200);
const session = z.object({ session_id: sessionId });

/** The session if the caller may see it; otherwise NOT_FOUND, the same answer as for no session at all. */
async function visibleSession(ctx: TrpcContext, id: string): Promise<DelegationSessionRow> {
  const row = await new SessionStore(ctx.db).session(id);
  if (!row || !maySeeSession(ctx.user!, row)) throw new TRPCError({ code: 'NOT_FOUND', message: `no session ${id}` });
  return row;
}

async function hubOf(ctx: TrpcContext): Promise<DelegationHub> {
  if (!ctx.services.agents)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'no agent platform is configured in this process' });
  return delegationHub(await ctx.services.agents(), ctx.db, ctx.services);
}

/** Runs a delegated-mode tool as the signed-in user, through the same invoker as the CLI and MCP (the mutation middleware audits it). */
function runTool<I extends z.ZodObject, O extends z.ZodObject>(ctx: TrpcContext, tool: ToolDefinition<I, O>, args: z.input<I>) {
  return invokeTool(
    tool,
    args,
    { actor: actorOf(ctx.user), services: ctx.services },
    { onInternalError: (name, err) => logger().error({ tool: name, err }, 'tool failed unexpectedly') },
  );
}

/**
 * Delegated mode in the console (the Companions page and the chat's delegation cards): sessions
 * with their pool, shared blocks, tasks, activity and the Strategist's advice; dismissing a
 * Companion and finalizing a session run the DCF+ tools. Admins see every session, everyone else
 * only their own (server/delegation/views/visibility.ts). Live updates: /api/sessions/…/events.
 */
export const companionsRouter = router({
  sessions: procedure
    .meta({ access: COMPANION_ROLES })
    .input(
      z
        .object({ status: z.enum(['active', 'finalized']).optional(), limit: z.number().int().min(1).max(500).default(100) })
        .default({ limit: 100 }),
    )
    .query(({ ctx, input }) =>
      listSessionSummaries(ctx.db, { ownerUserId: ownerFilterFor(ctx.user!), status: input.status, limit: input.limit }, ctx.user!.id),
    ),

  session: procedure
    .meta({ access: COMPANION_ROLES })
    .input(session)
    .query(async ({ ctx, input }) => {
      const row = await visibleSession(ctx, input.session_id);
      return readSessionDetail(await hubOf(ctx), row, ctx.user!.id);
    }),

  /** One revision of a session's shared block with the revision before it (what changed). */
  blockRevision: procedure
    .meta({ access: COMPANION_ROLES })
    .input(session.extend({ block_id: z.string().min(1).max(200), revision: z.number().int().min(1) }))
    .query(async ({ ctx, input }) => {
      const row = await visibleSession(ctx, input.session_id);
      if (!Object.values(blocksOf(row)).includes(input.block_id))
        throw new TRPCError({ code: 'NOT_FOUND', message: `session ${row.id} has no shared block ${input.block_id}` });
      const read = async (revision: number) => {
        const [r] = await ctx.db
          .select()
          .from(blockRevisions)
          .where(and(eq(blockRevisions.blockId, input.block_id), eq(blockRevisions.revision, revision)));
        return r ? { revision: r.revision, value: r.value, writer: r.writer, reason: r.reason, at: r.at.toISOString() } : null;
      };
      const current = await read(input.revision);
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: `block ${input.block_id} has no revision ${input.revision}` });
      return { ...current, previous: input.revision > 1 ? await read(input.revision - 1) : null };
    }),

  /** The chat's view of a Conductor conversation: its current session (for the live feed) and the tasks of all its sessions. */
  sessionOfConversation: procedure
    .meta({ access: CHAT_ROLES })
    .input(z.object({ conversation_id: z.string().uuid() }))
    .query(async ({ ctx, input }) => {
      try {
        await getConversation(ctx.db, ctx.user!.id, input.conversation_id);
      } catch (err) {
        if (err instanceof ConversationNotFound) throw new TRPCError({ code: 'NOT_FOUND', message: err.message });
        throw err;
      }
      return conversationSessions(ctx.db, input.conversation_id);
    }),

  dismissCompanion: procedure
    .meta({ access: COMPANION_ROLES })
    .input(session.extend({ companion_id: z.string().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const row = await visibleSession(ctx, input.session_id);
      const agent = await (await hubOf(ctx)).platform.getAgent(input.companion_id);
      if (!agent || tagValue(agent.tags, 'session:') !== row.id || !agent.tags.includes('role:companion')) {
        throw new TRPCError({ code: 'NOT_FOUND', message: `session ${row.id} has no Companion ${input.companion_id}` });
      }
      return runTool(ctx, dismissCompanionTool, { companion_id: input.companion_id });
    }),

  finalizeSession: procedure
    .meta({ access: COMPANION_ROLES })
    .input(session)
    .mutation(async ({ ctx, input }) => {
      const row = await visibleSession(ctx, input.session_id);
      return runTool(ctx, finalizeSessionTool, { session_id: row.id, conductor_id: row.conductorId });
    }),
});
