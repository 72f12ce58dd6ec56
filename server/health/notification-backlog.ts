import { and, desc, eq, gte, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notificationDeliveries } from '../db/schema/notifications.ts';

/** The window failures are counted over. */
export const FAILURE_WINDOW_MS = 24 * 3_600_000;

/** One channel's deliveries (server/notifications: UI_ALERT, EMAIL, TELEGRAM). */
export interface ChannelBacklog {
  channel: string;
  /** Deliveries still being retried (status PENDING). */
  pending: number;
  /** When the oldest pending delivery was created (ISO-8601), null when none is pending. */
  oldestPendingSince: string | null;
  /** Deliveries that ended FAILED in the window (by their last update). */
  failed: number;
  delivered: number;
  /** The newest failure's error in the window, if any. */
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface NotificationBacklog {
  windowH: number;
  channels: ChannelBacklog[];
}

/**
 * The notification deliveries' backlog and failures, per channel: what is pending now (however
 * old) and what failed or was delivered in the last day. Channels with no delivery are left out.
 */
export async function readNotificationBacklog(db: Db, now = new Date()): Promise<NotificationBacklog> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const d = notificationDeliveries;
  const [pending, recent, errors] = await Promise.all([
    db
      .select({ channel: d.channel, n: sql<number>`count(*)`, oldest: min(d.createdAt) })
      .from(d)
      .where(eq(d.status, 'PENDING'))
      .groupBy(d.channel),
    db
      .select({ channel: d.channel, status: d.status, n: sql<number>`count(*)` })
      .from(d)
      .where(and(gte(d.updatedAt, since), sql`${d.status} <> 'PENDING'`))
      .groupBy(d.channel, d.status),
    db
      .selectDistinctOn([d.channel], { channel: d.channel, error: d.lastError, at: d.updatedAt })
      .from(d)
      .where(and(eq(d.status, 'FAILED'), gte(d.updatedAt, since)))
      .orderBy(d.channel, desc(d.updatedAt)),
  ]);
  const channels = [...new Set([...pending, ...recent].map((r) => r.channel))].sort();
  return {
    windowH: FAILURE_WINDOW_MS / 3_600_000,
    channels: channels.map((channel): ChannelBacklog => {
      const p = pending.find((r) => r.channel === channel);
      const count = (status: string) => Number(recent.find((r) => r.channel === channel && r.status === status)?.n ?? 0);
      const e = errors.find((r) => r.channel === channel);
      return {
        channel,
        pending: Number(p?.n ?? 0),
        oldestPendingSince: p?.oldest ? new Date(p.oldest).toISOString() : null,
        failed: count('FAILED'),
        delivered: count('SUCCESS'),
        lastError: e?.error ?? null,
        lastErrorAt: e?.at.toISOString() ?? null,
      };
    }),
  };
}
