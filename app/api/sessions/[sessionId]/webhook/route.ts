import { NextResponse } from 'next/server';
import { agentPlatform, database, toolServices } from '@/server/app/services';
import { delegationHub } from '@/server/delegation/connect';
import { recordSessionWebhook } from '@/server/delegation/webhook';
import { BODY_LIMITS } from '@/server/http/limits';
import { readJsonBody } from '@/server/http/read-body';

/**
 * A delegated-mode session's webhook (server/delegation/webhook.ts): asynchronous skills a
 * Companion called report back here; the call is recorded as a `webhook` event of the session.
 * Unauthenticated by design, like a run's webhook: it can only append an event to an existing
 * session. Bodies are JSON of at most BODY_LIMITS.sessionWebhook (413 beyond, 400 not JSON).
 */
export async function POST(request: Request, ctx: { params: Promise<{ sessionId: string }> }): Promise<Response> {
  const { sessionId } = await ctx.params;
  if (!/^[A-Za-z0-9._:-]{1,200}$/.test(sessionId)) return NextResponse.json({ status: 'error', error: 'not a session id', error_code: 'invalid_input' }, { status: 400 });
  const body = await readJsonBody(request, BODY_LIMITS.sessionWebhook);
  if (!body.ok) return body.response;
  const { db } = await database();
  const ok = await recordSessionWebhook(delegationHub(await agentPlatform(), db, toolServices()), sessionId, body.value);
  return ok
    ? NextResponse.json({ status: 'ok', error: null })
    : NextResponse.json({ status: 'error', error: `no session ${sessionId}`, error_code: 'not_found' }, { status: 404 });
}
