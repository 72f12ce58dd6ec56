import { NextResponse } from 'next/server';
import { agentPlatform, config, database, toolServices } from '@/server/app/services';
import { currentUser } from '@/server/app/current-user';
import { streamTurn } from '@/server/chat/stream-turn';
import { CHAT_ROLES } from '@/server/trpc/routers/chat';
import { refuseBrowserPost } from '@/server/http/browser-post';
import { consoleOrigin } from '@/server/http/same-origin';
import { BODY_LIMITS } from '@/lib/http-limits';
import { readJsonBody } from '@/server/http/read-body';

/** Streams can last as long as a pilot run: no static caching, Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * One chat turn (server/chat/stream-turn.ts): POST `{content}` as the signed-in user, answered
 * with the agent's events as Server-Sent Events. Same roles as the chat's tRPC procedures.
 * Only from the console's own pages (403), as JSON (415: a form's text/plain is refused), at
 * most BODY_LIMITS.chat (413).
 */
export async function POST(request: Request, ctx: { params: Promise<{ conversationId: string }> }): Promise<Response> {
  const cfg = config();
  const refused = refuseBrowserPost(request, consoleOrigin(cfg));
  if (refused) return refused;
  // Read (at most 64 KB) before anything else, so an oversized body is refused at once.
  const body = await readJsonBody(request, BODY_LIMITS.chat);
  if (!body.ok) return body.response;
  const { conversationId } = await ctx.params;
  const user = await currentUser();
  if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  if (!CHAT_ROLES.includes(user.role)) {
    const message = `chat is for ${CHAT_ROLES.join(', ')}; you are ${user.role}`;
    return NextResponse.json({ error: 'forbidden', message }, { status: 403 });
  }
  if (!/^[0-9a-f-]{36}$/i.test(conversationId))
    return NextResponse.json({ error: 'invalid_input', message: 'not a conversation id' }, { status: 400 });
  const { db } = await database();
  const platform = await agentPlatform();
  const turn = { userId: user.id, conversationId, body: body.value, signal: request.signal };
  return streamTurn({ db, platform, clock: cfg.clock, ...turn, services: toolServices() });
}
