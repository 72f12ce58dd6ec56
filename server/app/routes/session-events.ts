import { NextResponse } from 'next/server';
import type { PublicUser } from '../../auth/users.ts';
import type { Db } from '../../db/client.ts';
import { openAllSessionsEventFeed, openSessionEventFeed, SESSION_EVENT_ID } from '../../delegation/feed/session-event-feed.ts';
import type { PublishedSessionEvent } from '../../../lib/session-event.ts';
import { SessionStore } from '../../delegation/session-store.ts';
import { maySeeSession } from '../../delegation/views/visibility.ts';
import type { ExecutionRuntime } from '../../execution/runtime.ts';
import { runEventHub } from '../../execution/run-event-hub.ts';
import { sseResponse } from '../../execution/run-event-sse.ts';
import { currentUser } from '../current-user.ts';
import { database, executionRuntime } from '../services.ts';

/** What the session event streams are handed: the request's user, the process's execution runtime (undefined: no Redis) and database. */
export interface SessionEventRouteServices {
  currentUser: () => Promise<PublicUser | null>;
  executionRuntime: () => Promise<ExecutionRuntime> | undefined;
  database: () => Promise<{ db: Db }>;
}

/**
 * Delegated-mode session events (server/delegation/feed/) as Server-Sent Events route handlers; 401 signed out,
 * 503 no Redis.
 *
 * `session.GET` — one session's events: those after `Last-Event-ID` (else `?after=<event id>`; none = from the first)
 * read from the session's activity, then live ones; each message has `id:` = the event id and `data:` = `{"id",
 * "session_id", "kind", "task_id", "actor", "subject", "at"}`; an `event: ready` message once the backlog is sent and
 * the live feed subscribed; a `: heartbeat` comment every 15 s. For admins and the session's owner; 400 bad id, 404 no
 * such session (or not yours: the same answer).
 *
 * `all.GET` — every session event the user may see (admins: every session; others: the sessions they own), live only:
 * an `event: ready` message once the feed is subscribed (the Companions page re-reads its lists then), then `data:` as
 * above per event, no `id:` field; a `: heartbeat` comment every 15 s.
 */
export function sessionEventRoutes(services: SessionEventRouteServices) {
  const session = async (request: Request, ctx: { params: Promise<{ sessionId: string }> }): Promise<Response> => {
    const { sessionId } = await ctx.params;
    const user = await services.currentUser();
    if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    if (!sessionId || sessionId.length > 200)
      return NextResponse.json({ error: 'invalid_input', message: 'not a session id' }, { status: 400 });
    // A reconnecting EventSource repeats the URL (and its ?after=) and adds Last-Event-ID, which is further on: it wins.
    const after = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('after');
    if (after !== null && !SESSION_EVENT_ID.test(after)) {
      const message = 'after / Last-Event-ID must be a session event id (a whole number)';
      return NextResponse.json({ error: 'invalid_input', message }, { status: 400 });
    }
    const runtime = services.executionRuntime();
    if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'live session events need Redis' }, { status: 503 });
    const [{ x }, { db }] = await Promise.all([runtime, services.database()]);
    const store = new SessionStore(db);
    const found = await store.session(sessionId);
    if (!found || !maySeeSession(user, found))
      return NextResponse.json({ error: 'not_found', message: `no session ${sessionId}` }, { status: 404 });
    const hub = runEventHub(x.redis);
    const from = after === null ? null : Number(after);
    return sseResponse<PublishedSessionEvent>((send) => openSessionEventFeed(hub, store, found.id, from, send), {
      signal: request.signal,
      withIds: true,
      readyEvent: true,
    });
  };
  const all = async (request: Request): Promise<Response> => {
    const user = await services.currentUser();
    if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    const runtime = services.executionRuntime();
    if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'live session events need Redis' }, { status: 503 });
    const [{ x }, { db }] = await Promise.all([runtime, services.database()]);
    const store = new SessionStore(db);
    const visible =
      user.role === 'admin'
        ? async () => true
        : async (id: string) => {
            const s = await store.session(id);
            return !!s && maySeeSession(user, s);
          };
    return sseResponse<PublishedSessionEvent>((send) => openAllSessionsEventFeed(runEventHub(x.redis), visible, send), {
      signal: request.signal,
      withIds: false,
      readyEvent: true,
    });
  };
  return { session: { GET: session }, all: { GET: all } };
}

/** The session event streams of this process, from the composition root's services. */
export const sessionEventsRoute = sessionEventRoutes({ currentUser, executionRuntime, database });
