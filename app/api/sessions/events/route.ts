import { NextResponse } from 'next/server';
import { currentUser } from '@/server/app/current-user';
import { database, executionRuntime } from '@/server/app/services';
import { openAllSessionsEventFeed } from '@/server/delegation/feed/session-event-feed';
import type { PublishedSessionEvent } from '@/server/delegation/hub';
import { SessionStore } from '@/server/delegation/session-store';
import { maySeeSession } from '@/server/delegation/views/visibility';
import { runEventHub } from '@/server/execution/run-event-hub';
import { sseResponse } from '@/server/execution/run-event-sse';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * Every delegated-mode session event the user may see (admins: every session; others: the
 * sessions they own), as Server-Sent Events, live only: an `event: ready` message once the feed
 * is subscribed (the Companions page re-reads its lists then), then `data:` = `{"id",
 * "session_id", "kind", "task_id", "actor", "subject", "at"}` per event, no `id:` field; a
 * `: heartbeat` comment every 15 s. 401 signed out, 503 no Redis.
 */
export async function GET(request: Request): Promise<Response> {
  const user = await currentUser();
  if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  const runtime = executionRuntime();
  if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'live session events need Redis' }, { status: 503 });
  const [{ x }, { db }] = await Promise.all([runtime, database()]);
  const store = new SessionStore(db);
  const visible =
    user.role === 'admin'
      ? async () => true
      : async (id: string) => {
          const session = await store.session(id);
          return !!session && maySeeSession(user, session);
        };
  return sseResponse<PublishedSessionEvent>((send) => openAllSessionsEventFeed(runEventHub(x.redis), visible, send), {
    signal: request.signal,
    withIds: false,
    readyEvent: true,
  });
}
