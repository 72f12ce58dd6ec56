import { channelOf, type RedisClient } from '../redis/connection.ts';
import type { RunEventFeed } from '../execution/run-event-feed.ts';
import type { RunEventHub } from '../execution/run-event-hub.ts';
import { notificationEventOf, type PublishedNotification } from '../contracts/notification-schemas.ts';

/**
 * The Redis pub/sub channel of console alerts: one message per recipient, published after the
 * alert's row is committed, so every process's SSE clients (fan-out through the process's
 * RunEventHub) receive it whichever process sent it.
 */
export const NOTIFICATIONS_CHANNEL = 'dcf:notifications:alerts';

export async function publishAlerts(redis: RedisClient, events: PublishedNotification[]): Promise<void> {
  if (events.length === 0) return;
  const pipeline = redis.pipeline();
  const channel = channelOf(redis, NOTIFICATIONS_CHANNEL);
  for (const e of events) pipeline.publish(channel, JSON.stringify(e));
  await pipeline.exec();
}

/**
 * One user's alerts as they are published (GET /api/notifications/events): live only — a client
 * that (re)connects re-reads its unread count and list when the feed says it is ready.
 */
export async function openUserNotificationFeed(
  hub: RunEventHub,
  userId: string,
  send: (e: PublishedNotification) => void,
): Promise<RunEventFeed> {
  let closed = false;
  const leave = await hub.listen(NOTIFICATIONS_CHANNEL, {
    message(raw) {
      const e = notificationEventOf(raw);
      if (e && e.user_id === userId && !closed) send(e);
    },
  });
  return {
    async close() {
      closed = true;
      await leave();
    },
  };
}
