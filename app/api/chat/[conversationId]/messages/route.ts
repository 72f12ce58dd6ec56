import { NextResponse } from 'next/server';
import { agentPlatform, config, database, toolServices } from '@/server/app/services';
import { currentUser } from '@/server/app/current-user';
import { streamTurn } from '@/server/chat/stream-turn';
import { CHAT_ROLES } from '@/server/trpc/routers/chat';

/** Streams can last as long as a pilot run: no static caching, Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * One chat turn (server/chat/stream-turn.ts): POST `{content}` as the signed-in user, answered
 * with the agent's events as Server-Sent Events. Same roles as the chat's tRPC procedures.
 */
export async function POST(request: Request, ctx: { params: Promise<{ conversationId: string }> }): Promise<Response> {
  const { conversationId } = await ctx.params;
  const user = await currentUser();
  if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  if (!CHAT_ROLES.includes(user.role)) return NextResponse.json({ error: 'forbidden', message: `chat is for ${CHAT_ROLES.join(', ')}; you are ${user.role}` }, { status: 403 });
  if (!/^[0-9a-f-]{36}$/i.test(conversationId)) return NextResponse.json({ error: 'invalid_input', message: 'not a conversation id' }, { status: 400 });
  const body: unknown = await request.json().catch(() => null);
  const { db } = await database();
  return streamTurn({ db, platform: await agentPlatform(), clock: config().clock, userId: user.id, conversationId, body, signal: request.signal, services: toolServices() });
}
