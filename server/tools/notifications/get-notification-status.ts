import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { CHANNELS, DELIVERY_STATUSES, URGENCY_LEVELS } from '../../contracts/notification-schemas.ts';
import { NotificationStore } from '../../notifications/store.ts';

/**
 * The per-channel delivery status of a notification sent earlier (PENDING ones change as the
 * retries go on). For the agent or user who sent it, and for admins and system callers.
 */
export const getNotificationStatusTool = defineTool({
  name: 'get_notification_status',
  description:
    'Reads the delivery status of a notification you sent with send_notification: per channel SUCCESS, PENDING ' +
    '(still being retried) or FAILED, with attempts made, the message id or the last error.',
  readOnly: true,
  input: z.object({ notification_id: z.uuid().max(36) }),
  output: z.object({
    notification_id: z.string(),
    urgency_level: z.enum(URGENCY_LEVELS),
    created_at: z.string(),
    channel_status: z.array(
      z.object({
        channel: z.enum(CHANNELS),
        delivery_status: z.enum(DELIVERY_STATUSES),
        message_id_or_error: z.string(),
        attempts: z.number().int(),
        updated_at: z.string(),
      }),
    ),
  }),
  async handler(args, { actor, services }) {
    if (!services.db) return fail('unavailable', 'notifications need the database');
    const store = new NotificationStore(await services.db());
    const n = await store.notification(args.notification_id);
    const mayRead =
      !!n &&
      (actor.kind === 'system' ||
        (actor.kind === 'user' && actor.role === 'admin') ||
        (n.senderKind === actor.kind && n.senderId === actor.id));
    // Someone else's notification answers like a missing one: ids are not a way to probe.
    if (!n || !mayRead) return fail('not_found', `no notification ${args.notification_id} sent by you`);
    const deliveries = await store.deliveriesOf(n.id);
    return ok({
      notification_id: n.id,
      urgency_level: n.urgency as (typeof URGENCY_LEVELS)[number],
      created_at: n.createdAt.toISOString(),
      channel_status: deliveries.map((d) => ({
        channel: d.channel as (typeof CHANNELS)[number],
        delivery_status: d.status as (typeof DELIVERY_STATUSES)[number],
        message_id_or_error: d.status === 'SUCCESS' ? (d.messageId ?? '') : (d.lastError ?? ''),
        attempts: d.attempts,
        updated_at: d.updatedAt.toISOString(),
      })),
    });
  },
});
