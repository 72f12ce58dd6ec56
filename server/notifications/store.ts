import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  notificationAlerts,
  notificationDeliveries,
  notifications,
  type NotificationDeliveryRow,
  type NotificationRow,
} from '../db/schema/notifications.ts';
import type { Channel, DeliveryStatus, InboxItem, UrgencyLevel } from '../contracts/notification-schemas.ts';

export interface NewNotification {
  sender: { kind: string; id: string; label: string };
  urgency: UrgencyLevel;
  subject: string | null;
  message: string;
  recipientUserIds: string[];
}

/**
 * The notifications tables (server/db/schema/notifications.ts): notifications, each user's
 * alerts (read/unread) and each channel's delivery. Every read of an inbox is scoped to one user.
 */
export class NotificationStore {
  constructor(private readonly db: Db) {}

  async create(n: NewNotification): Promise<NotificationRow> {
    const [row] = await this.db
      .insert(notifications)
      .values({
        senderKind: n.sender.kind,
        senderId: n.sender.id,
        senderLabel: n.sender.label,
        urgency: n.urgency,
        subject: n.subject,
        message: n.message,
        recipientUserIds: n.recipientUserIds,
      })
      .returning();
    return row!;
  }

  async notification(id: string): Promise<NotificationRow | undefined> {
    const [row] = await this.db.select().from(notifications).where(eq(notifications.id, id));
    return row;
  }

  /** Puts the notification into each user's inbox, unread. */
  async addAlerts(n: NotificationRow, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insert(notificationAlerts)
      .values(userIds.map((userId) => ({ notificationId: n.id, userId, createdAt: n.createdAt })))
      .onConflictDoNothing();
  }

  async addDelivery(
    notificationId: string,
    channel: Channel,
    status: DeliveryStatus,
    fields: {
      target?: string[];
      attempts?: number;
      messageId?: string | null;
      lastError?: string | null;
    } = {},
  ): Promise<NotificationDeliveryRow> {
    const [row] = await this.db
      .insert(notificationDeliveries)
      .values({
        notificationId,
        channel,
        status,
        target: fields.target ?? [],
        attempts: fields.attempts ?? 0,
        messageId: fields.messageId ?? null,
        lastError: fields.lastError ?? null,
      })
      .returning();
    return row!;
  }

  async delivery(id: string): Promise<NotificationDeliveryRow | undefined> {
    const [row] = await this.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id));
    return row;
  }

  async deliveriesOf(notificationId: string): Promise<NotificationDeliveryRow[]> {
    return this.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, notificationId))
      .orderBy(notificationDeliveries.channel);
  }

  /** Records one attempt's result: attempts + 1, the new status, the message id or the error. */
  async recordAttempt(id: string, status: DeliveryStatus, result: { messageId?: string; error?: string }): Promise<void> {
    await this.db
      .update(notificationDeliveries)
      .set({
        status,
        attempts: sql`${notificationDeliveries.attempts} + 1`,
        updatedAt: new Date(),
        ...(result.messageId !== undefined ? { messageId: result.messageId, lastError: null } : {}),
        ...(result.error !== undefined ? { lastError: result.error } : {}),
      })
      .where(eq(notificationDeliveries.id, id));
  }

  /** Sets the status without an attempt (a delivery given up without trying again). */
  async setStatus(id: string, status: DeliveryStatus, lastError: string): Promise<void> {
    await this.db.update(notificationDeliveries).set({ status, lastError, updatedAt: new Date() }).where(eq(notificationDeliveries.id, id));
  }

  /** A user's alerts, newest first; `before` (an ISO time) pages back. */
  async inbox(userId: string, opts: { limit: number; unreadOnly?: boolean; before?: string }): Promise<InboxItem[]> {
    const where = [eq(notificationAlerts.userId, userId)];
    if (opts.unreadOnly) where.push(isNull(notificationAlerts.readAt));
    if (opts.before) where.push(lt(notificationAlerts.createdAt, new Date(opts.before)));
    const rows = await this.db
      .select({
        id: notifications.id,
        urgency: notifications.urgency,
        subject: notifications.subject,
        message: notifications.message,
        sender: notifications.senderLabel,
        createdAt: notificationAlerts.createdAt,
        readAt: notificationAlerts.readAt,
      })
      .from(notificationAlerts)
      .innerJoin(notifications, eq(notifications.id, notificationAlerts.notificationId))
      .where(and(...where))
      .orderBy(desc(notificationAlerts.createdAt), desc(notifications.id))
      .limit(opts.limit);
    return rows.map((r) => ({
      ...r,
      urgency: r.urgency as UrgencyLevel,
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
    }));
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notificationAlerts)
      .where(and(eq(notificationAlerts.userId, userId), isNull(notificationAlerts.readAt)));
    return Number(row?.n ?? 0);
  }

  /** Marks the user's own alerts read (ids of other users' alerts change nothing); returns how many changed. */
  async markRead(userId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .update(notificationAlerts)
      .set({ readAt: new Date() })
      .where(and(eq(notificationAlerts.userId, userId), inArray(notificationAlerts.notificationId, ids), isNull(notificationAlerts.readAt)))
      .returning({ id: notificationAlerts.notificationId });
    return rows.length;
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notificationAlerts)
      .set({ readAt: new Date() })
      .where(and(eq(notificationAlerts.userId, userId), isNull(notificationAlerts.readAt)))
      .returning({ id: notificationAlerts.notificationId });
    return rows.length;
  }
}
