import { z } from 'zod';
import { NotificationStore } from '../../notifications/store.ts';
import { getNotificationStatusTool } from '../../tools/notifications/get-notification-status.ts';
import { sendNotificationTool } from '../../tools/notifications/send-notification.ts';
import { ADMIN, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

const SIGNED_IN = 'signed_in' as const;

/**
 * The signed-in user's console alerts (issue 18, UI_ALERT): the bell's list and unread count,
 * marking read. Every procedure reads and changes only the caller's own inbox. `send` and
 * `status` serve the tools to admins (a notification sent from the console goes to the sender).
 */
export const notificationsRouter = router({
  list: procedure
    .meta({ access: SIGNED_IN })
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(100).default(20),
          unread_only: z.boolean().default(false),
          before: z.iso.datetime({ offset: true }).optional(),
        })
        .default({ limit: 20, unread_only: false }),
    )
    .query(async ({ ctx, input }) =>
      new NotificationStore(ctx.db).inbox(ctx.user!.id, {
        limit: input.limit,
        unreadOnly: input.unread_only,
        ...(input.before ? { before: input.before } : {}),
      }),
    ),
  unreadCount: procedure
    .meta({ access: SIGNED_IN })
    .query(async ({ ctx }) => ({ unread: await new NotificationStore(ctx.db).unreadCount(ctx.user!.id) })),
  markRead: procedure
    .meta({ access: SIGNED_IN })
    .input(z.object({ ids: z.array(z.uuid()).min(1).max(100) }))
    .mutation(async ({ ctx, input }) => ({ marked: await new NotificationStore(ctx.db).markRead(ctx.user!.id, input.ids) })),
  markAllRead: procedure
    .meta({ access: SIGNED_IN })
    .mutation(async ({ ctx }) => ({ marked: await new NotificationStore(ctx.db).markAllRead(ctx.user!.id) })),
  send: toolMutation(sendNotificationTool, ADMIN),
  status: toolQuery(getNotificationStatusTool, ADMIN),
});
