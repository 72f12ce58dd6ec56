import { NextResponse } from 'next/server';
import { currentUser } from '@/server/app/current-user';
import { database, executionRuntime } from '@/server/app/services';
import { openSessionEventFeed, SESSION_EVENT_ID } from '@/server/delegation/feed/session-event-feed';
import type { PublishedSessionEvent } from '@/server/delegation/hub';
import { SessionStore } from '@/server/delegation/session-store';
import { maySeeSession } from '@/server/delegation/views/visibility';
import { runEventHub } from '@/server/execution/run-event-hub';
import { sseResponse } from '@/server/execution/run-event-sse';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * One delegated-mode session's events as Server-Sent Events (server/delegation/feed/): those
 * after `Last-Event-ID` (else `?after=<event id>`; none = from the first) read from the session's
 * activity, then live ones; each message has `id:` = the event id and `data:` = `{"id",
 * "session_id", "kind", "task_id", "actor", "subject", "at"}`; an `event: ready` message once the
 * backlog is sent and the live feed subscribed; a `: heartbeat` comment every 15 s.
 * For admins and the session's owner; 401 signed out, 400 bad id, 404 no such session (or not
 * yours: the same answer), 503 no Redis.
 */
export async function GET(request: Request, ctx: { params: Promise<{ sessionId: string }> }): Promise<Response> {
  const { sessionId } = await ctx.params;
  const user = await currentUser();
  if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  if (!sessionId || sessionId.length > 200)
    return NextResponse.json({ error: 'invalid_input', message: 'not a session id' }, { status: 400 });
  // A reconnecting EventSource repeats the URL (and its ?after=) and adds Last-Event-ID, which is further on: it wins.
  const after = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('after');
  if (after !== null && !SESSION_EVENT_ID.test(after)) {
    const message = 'after / Last-Event-ID must be a session event id (a whole number)';
    return NextResponse.json({ error: 'invalid_input', message }, { status: 400 });
  }
  const runtime = executionRuntime();
  if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'live session events need Redis' }, { status: 503 });
  const [{ x }, { db }] = await Promise.all([runtime, database()]);
  const store = new SessionStore(db);
  const session = await store.session(sessionId);
  if (!session || !maySeeSession(user, session))
    return NextResponse.json({ error: 'not_found', message: `no session ${sessionId}` }, { status: 404 });
  const hub = runEventHub(x.redis);
  const from = after === null ? null : Number(after);
  return sseResponse<PublishedSessionEvent>((send) => openSessionEventFeed(hub, store, session.id, from, send), {
    signal: request.signal,
    withIds: true,
    readyEvent: true,
  });
}
