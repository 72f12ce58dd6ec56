import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

/**
 * Notifications (issue 18, spec 5.4 `send_notification`, server/notifications/): one row per
 * call, the console alerts of its recipients (UI_ALERT, read/unread per user), and one delivery
 * row per requested channel with its status (SUCCESS | PENDING | FAILED) as retries go on.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who sent it: the tool caller (`agent`, `user`, `system`) and its id and label. */
    senderKind: text('sender_kind').notNull(),
    senderId: text('sender_id').notNull(),
    senderLabel: text('sender_label').notNull(),
    /** LOW | MEDIUM | HIGH | CRITICAL. */
    urgency: text('urgency').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    /** The console users it was for (UI_ALERT inbox owners; EMAIL to their addresses). */
    recipientUserIds: jsonb('recipient_user_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_urgency_check', sql`${t.urgency} in ('LOW', 'MEDIUM', 'HIGH', 'CRITICAL')`),
    index('notifications_created_idx').on(t.createdAt),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** A console alert in one user's inbox; `read_at` null = unread. */
export const notificationAlerts = pgTable(
  'notification_alerts',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The notification's time, copied so a user's inbox is one index range. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_alerts_user_idx').on(t.userId, t.createdAt)],
);
export type NotificationAlertRow = typeof notificationAlerts.$inferSelect;

/**
 * One channel's delivery of a notification: its status, attempts made, the provider's message
 * id on success or the last error. `target` is what it was sent to (addresses, chat id).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** TELEGRAM | UI_ALERT | EMAIL. */
    channel: text('channel').notNull(),
    /** SUCCESS | PENDING | FAILED. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    target: jsonb('target').$type<string[]>().notNull().default([]),
    messageId: text('message_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_channel_unique').on(t.notificationId, t.channel),
    check('notification_deliveries_status_check', sql`${t.status} in ('SUCCESS', 'PENDING', 'FAILED')`),
    check('notification_deliveries_channel_check', sql`${t.channel} in ('TELEGRAM', 'UI_ALERT', 'EMAIL')`),
  ],
);
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
