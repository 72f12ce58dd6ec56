import type { RedisClient } from '../../redis/connection.ts';
import { NextResponse } from 'next/server';
import { BODY_LIMITS } from '../../../lib/http-limits.ts';
import { CHAT_ROLES } from '../../../lib/roles.ts';
import type { PublicUser } from '../../auth/users.ts';
import { redisConversationTurns } from '../../chat/conversation-turns.ts';
import { streamTurn } from '../../chat/stream-turn.ts';
import type { AppConfig } from '../../config.ts';
import type { AgentPlatform } from '../../contracts/agent-platform.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import type { Db } from '../../db/client.ts';
import { refuseBrowserPost } from '../../http/browser-post.ts';
import { readJsonBody } from '../../http/read-body.ts';
import { consoleOrigin } from '../../http/same-origin.ts';
import { currentUser } from '../current-user.ts';
import { agentPlatform, config, database, redis, toolServices } from '../services.ts';

/** What a chat turn is handed: the request's user and the process's config, database, Redis, agent platform and tool services. */
export interface ChatTurnRouteServices {
  currentUser: () => Promise<PublicUser | null>;
  config: () => AppConfig;
  database: () => Promise<{ db: Db }>;
  agentPlatform: () => Promise<AgentPlatform>;
  toolServices: () => ToolServices;
  /** The process's Redis (undefined without REDIS_URL): where every console marks the conversations with a turn running. */
  redis: () => RedisClient | undefined;
}

/**
 * One chat turn (server/chat/stream-turn.ts) as a route handler: POST `{content}` as the signed-in user, answered with
 * the agent's events as Server-Sent Events. Same roles as the chat's tRPC procedures (CHAT_ROLES). Only from the
 * console's own pages (403), as JSON (415: a form's text/plain is refused), at most BODY_LIMITS.chat (413). With Redis, a
 * conversation's turn is refused (409) while another console runs one of it.
 */
export function chatTurnRoutes(services: ChatTurnRouteServices) {
  const POST = async (request: Request, ctx: { params: Promise<{ conversationId: string }> }): Promise<Response> => {
    const cfg = services.config();
    const refused = refuseBrowserPost(request, consoleOrigin(cfg));
    if (refused) return refused;
    // Read (at most 64 KB) before anything else, so an oversized body is refused at once.
    const body = await readJsonBody(request, BODY_LIMITS.chat);
    if (!body.ok) return body.response;
    const { conversationId } = await ctx.params;
    const user = await services.currentUser();
    if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    if (!CHAT_ROLES.includes(user.role)) {
      const message = `chat is for ${CHAT_ROLES.join(', ')}; you are ${user.role}`;
      return NextResponse.json({ error: 'forbidden', message }, { status: 403 });
    }
    if (!/^[0-9a-f-]{36}$/i.test(conversationId))
      return NextResponse.json({ error: 'invalid_input', message: 'not a conversation id' }, { status: 400 });
    const { db } = await services.database();
    const platform = await services.agentPlatform();
    const client = services.redis();
    const turn = {
      userId: user.id,
      conversationId,
      body: body.value,
      signal: request.signal,
      ...(client ? { turns: redisConversationTurns(client) } : {}),
    };
    return streamTurn({ db, platform, clock: cfg.clock, ...turn, services: services.toolServices() });
  };
  return { POST };
}

/** The chat turn of this process, from the composition root's services. */
export const chatTurnRoute = chatTurnRoutes({ currentUser, config, database, agentPlatform, toolServices, redis });
