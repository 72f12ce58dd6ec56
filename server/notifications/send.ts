import type { RedisClient } from '../redis/connection.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { NotificationRow } from '../db/schema/notifications.ts';
import { attemptDelivery, notConfigured, type ExternalChannel } from './channels.ts';
import { publishAlerts } from './live.ts';
import { resolveRecipients, type Recipient } from './recipients.ts';
import { scheduleRetries } from './retries.ts';
import { senderLabel } from './sender-label.ts';
import type { Channel, ChannelStatus, UrgencyLevel } from '../contracts/notification-schemas.ts';
import { NotificationStore } from './store.ts';

export interface SendNotificationInput {
  channels: Channel[];
  message_text: string;
  subject_text?: string | undefined;
  urgency_level: UrgencyLevel;
}

export interface SendDeps {
  db: Db;
  config: AppConfig;
  /** Redis for the live push and the retry queue; without it alerts are stored only and nothing is retried. */
  redis?: RedisClient | undefined;
}

/**
 * Spec 5.4 `send_notification`: stores the notification, then delivers it on each requested
 * channel (each once, in the order given) and records each channel's delivery:
 * - UI_ALERT: into every recipient's inbox, pushed live over Redis → SSE: SUCCESS with the
 *   notification id;
 * - EMAIL (to the recipients' addresses) and TELEGRAM (to the configured chat): a first attempt
 *   inline, so a healthy channel answers SUCCESS with the provider's message id; a transient
 *   failure answers PENDING and is retried by the durable queue (retries.ts) with back-off; a
 *   permanent failure, or a channel that is not configured, answers FAILED with the reason.
 * The sender is stored as people say it (sender-label.ts: "Planner · chat “Weekly reviews”").
 */
export async function sendNotification(
  deps: SendDeps,
  actor: Actor,
  input: SendNotificationInput,
): Promise<{
  notification_id: string;
  recipients: string[];
  channel_status: ChannelStatus[];
}> {
  const store = new NotificationStore(deps.db);
  const recipients = await resolveRecipients(deps.db, actor);
  const n = await store.create({
    sender: { kind: actor.kind, id: actor.id, label: await senderLabel(deps.db, actor) },
    urgency: input.urgency_level,
    subject: input.subject_text?.trim() || null,
    message: input.message_text,
    recipientUserIds: recipients.users.map((u) => u.id),
  });
  const channel_status: ChannelStatus[] = [];
  for (const channel of [...new Set(input.channels)]) {
    const status =
      channel === 'UI_ALERT'
        ? await deliverAlert(deps, store, n, recipients.users)
        : await deliverExternal(deps, store, n, channel, recipients.users);
    channel_status.push(status);
  }
  return { notification_id: n.id, recipients: recipients.users.map((u) => u.email), channel_status };
}

async function deliverAlert(deps: SendDeps, store: NotificationStore, n: NotificationRow, users: Recipient[]): Promise<ChannelStatus> {
  const channel = 'UI_ALERT' as const;
  const target = users.map((u) => u.id);
  if (users.length === 0) {
    const error = 'UI_ALERT has no recipient: no active console user to show it to';
    await store.addDelivery(n.id, channel, 'FAILED', { target, attempts: 1, lastError: error });
    return { channel, delivery_status: 'FAILED', message_id_or_error: error };
  }
  await store.addAlerts(n, target);
  let pushError: string | null = null;
  if (deps.redis) {
    const events = users.map((u) => ({
      id: n.id,
      user_id: u.id,
      urgency: n.urgency as UrgencyLevel,
      subject: n.subject,
      message: n.message,
      sender: n.senderLabel,
      at: n.createdAt.toISOString(),
    }));
    // Stored is delivered: the bell shows it at the next read even when the live push fails.
    await publishAlerts(deps.redis, events).catch((err: Error) => {
      pushError = err.message;
    });
  }
  await store.addDelivery(n.id, channel, 'SUCCESS', {
    target,
    attempts: 1,
    messageId: n.id,
    lastError: pushError ? `stored; live push failed: ${pushError}` : null,
  });
  return { channel, delivery_status: 'SUCCESS', message_id_or_error: n.id };
}

async function deliverExternal(
  deps: SendDeps,
  store: NotificationStore,
  n: NotificationRow,
  channel: ExternalChannel,
  users: Recipient[],
): Promise<ChannelStatus> {
  const cfg = deps.config.notifications;
  const failed = async (error: string, attempts: number, target: string[] = []): Promise<ChannelStatus> => {
    await store.addDelivery(n.id, channel, 'FAILED', { target, attempts, lastError: error });
    return { channel, delivery_status: 'FAILED', message_id_or_error: error };
  };
  const reason = notConfigured(channel, cfg);
  if (reason) return failed(reason, 0);
  const target = channel === 'EMAIL' ? users.map((u) => u.email) : [cfg.telegram.chatId!];
  if (target.length === 0) return failed('EMAIL has no recipient: no active console user to send it to', 0);
  const outcome = await attemptDelivery(channel, n, target, cfg);
  if (outcome.kind === 'sent') {
    await store.addDelivery(n.id, channel, 'SUCCESS', { target, attempts: 1, messageId: outcome.messageId });
    return { channel, delivery_status: 'SUCCESS', message_id_or_error: outcome.messageId };
  }
  if (outcome.kind === 'permanent') return failed(outcome.error, 1, target);
  if (!deps.redis || cfg.maxAttempts < 2) {
    const why = deps.redis ? 'DCF_NOTIFY_MAX_ATTEMPTS is 1' : 'no RedisClient for the retry queue';
    return failed(`${outcome.error} (not retried: ${why})`, 1, target);
  }
  const row = await store.addDelivery(n.id, channel, 'PENDING', {
    target,
    attempts: 1,
    lastError: `${outcome.error} (attempt 1; retrying)`,
  });
  await scheduleRetries(deps.redis, row.id, cfg, outcome.retryAfterMs);
  return { channel, delivery_status: 'PENDING', message_id_or_error: `${outcome.error}; retrying with back-off (delivery ${row.id})` };
}
