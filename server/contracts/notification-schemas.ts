import { z } from 'zod';

/**
 * The vocabulary of spec 5.4 `send_notification` (pure: the console's bell and toasts parse the
 * same live messages). Channel, urgency and status names are the spec's, upper case.
 */
export const CHANNELS = ['TELEGRAM', 'UI_ALERT', 'EMAIL'] as const;
export type Channel = (typeof CHANNELS)[number];

export const URGENCY_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

export const DELIVERY_STATUSES = ['SUCCESS', 'PENDING', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One entry of `notification_sent_status`: the spec's `<channel_status …/>` attributes. */
export const channelStatusSchema = z.object({
  channel: z.enum(CHANNELS),
  delivery_status: z.enum(DELIVERY_STATUSES),
  message_id_or_error: z.string(),
});
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

/**
 * A console alert as it is published on Redis and sent over SSE to its recipient: everything a
 * toast shows, so the browser needs no read before showing it. `id` is the notification's id.
 */
export interface PublishedNotification {
  id: string;
  user_id: string;
  urgency: UrgencyLevel;
  subject: string | null;
  message: string;
  sender: string;
  at: string;
}

/** The notification in a published message (or an SSE message's data), or null for anything else. */
export function notificationEventOf(raw: string): PublishedNotification | null {
  try {
    const e = JSON.parse(raw) as PublishedNotification;
    const ok =
      typeof e?.id === 'string' &&
      typeof e.user_id === 'string' &&
      typeof e.message === 'string' &&
      (URGENCY_LEVELS as readonly string[]).includes(e.urgency);
    return ok ? e : null;
  } catch {
    return null;
  }
}

/** One alert in a user's inbox, as the console lists it. */
export interface InboxItem {
  id: string;
  urgency: UrgencyLevel;
  subject: string | null;
  message: string;
  sender: string;
  createdAt: string;
  readAt: string | null;
}
