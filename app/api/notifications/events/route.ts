import { NextResponse } from 'next/server';
import { currentUser } from '@/server/app/current-user';
import { executionRuntime } from '@/server/app/services';
import { runEventHub } from '@/server/execution/run-event-hub';
import { sseResponse } from '@/server/execution/run-event-sse';
import { openUserNotificationFeed } from '@/server/notifications/live';
import type { PublishedNotification } from '@/server/contracts/notification-schemas';

/** A stream lasts as long as the page is open: never cached, always the Node runtime. */
export const dynamic = 'force-dynamic';

/**
 * The signed-in user's console alerts (UI_ALERT) as Server-Sent Events, live only: an
 * `event: ready` message once the feed is subscribed (the bell re-reads its count and list then),
 * then `data:` = `{"id", "user_id", "urgency", "subject", "message", "sender", "at"}` per alert
 * sent to this user from any process (Redis pub/sub); a `: heartbeat` comment every 15 s.
 * 401 signed out, 503 no Redis.
 */
export async function GET(request: Request): Promise<Response> {
  const user = await currentUser();
  if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
  const runtime = executionRuntime();
  if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'live notifications need Redis' }, { status: 503 });
  const { x } = await runtime;
  return sseResponse<PublishedNotification>((send) => openUserNotificationFeed(runEventHub(x.redis), user.id, send), {
    signal: request.signal,
    withIds: false,
    readyEvent: true,
  });
}
