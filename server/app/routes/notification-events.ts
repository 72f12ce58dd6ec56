import { NextResponse } from 'next/server';
import type { PublicUser } from '../../auth/users.ts';
import type { PublishedNotification } from '../../contracts/notification-schemas.ts';
import type { ExecutionRuntime } from '../../execution/runtime.ts';
import { runEventHub } from '../../execution/run-event-hub.ts';
import { sseResponse } from '../../execution/run-event-sse.ts';
import { openUserNotificationFeed } from '../../notifications/live.ts';
import { currentUser } from '../current-user.ts';
import { executionRuntime } from '../services.ts';

/** What the alert stream is handed: the request's signed-in user and the process's execution runtime (undefined: no Redis). */
export interface NotificationEventRouteServices {
  currentUser: () => Promise<PublicUser | null>;
  executionRuntime: () => Promise<ExecutionRuntime> | undefined;
}

/**
 * The signed-in user's console alerts (UI_ALERT) as Server-Sent Events, live only: an `event: ready` message once the
 * feed is subscribed (the bell re-reads its count and list then), then `data:` = `{"id", "user_id", "urgency",
 * "subject", "message", "sender", "at"}` per alert sent to this user from any process (Redis pub/sub); a `: heartbeat`
 * comment every 15 s. 401 signed out, 503 no Redis.
 */
export function notificationEventRoutes(services: NotificationEventRouteServices) {
  const GET = async (request: Request): Promise<Response> => {
    const user = await services.currentUser();
    if (!user) return NextResponse.json({ error: 'unauthorized', message: 'sign in first' }, { status: 401 });
    const runtime = services.executionRuntime();
    if (!runtime) return NextResponse.json({ error: 'unavailable', message: 'live notifications need Redis' }, { status: 503 });
    const { x } = await runtime;
    return sseResponse<PublishedNotification>((send) => openUserNotificationFeed(runEventHub(x.redis), user.id, send), {
      signal: request.signal,
      withIds: false,
      readyEvent: true,
    });
  };
  return { GET };
}

/** The alert stream of this process, from the composition root's services. */
export const notificationEventsRoute = notificationEventRoutes({ currentUser, executionRuntime });
