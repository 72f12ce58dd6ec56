import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { channelStatusSchema, CHANNELS, URGENCY_LEVELS } from '../../contracts/notification-schemas.ts';
import { takeNotification } from '../../notifications/rate-limit.ts';
import { sendNotification } from '../../notifications/send.ts';
import { notificationDeps } from './deps.ts';

/** Spec 5.4 `send_notification` (agent-memory-and-orchestration-tools.md), inputs exactly the spec's. */
export const sendNotificationTool = defineTool({
  name: 'send_notification',
  description:
    "Sends a notification to the user via one or more channels: UI_ALERT (the console's bell and a live toast), EMAIL " +
    "(SMTP, to the user's address) and TELEGRAM (Bot API sendMessage to the configured chat). The user is the one you " +
    "work for (your chat's or session's user, or the admin who issued your token), else every admin. Returns one " +
    'channel_status per channel: SUCCESS (with the message id), PENDING (a transient failure, retried with back-off) ' +
    'or FAILED (with the reason, e.g. the channel is not configured). urgency_level affects presentation. Each caller may ' +
    'send a limited number a minute (default 20); beyond it the call fails with limit_exceeded and when to try again.',
  readOnly: false,
  input: z.object({
    channels: z.array(z.enum(CHANNELS)).min(1).max(CHANNELS.length).describe('At least one of TELEGRAM, UI_ALERT, EMAIL.'),
    message_text: z.string().min(1).max(10_000).describe('The core message content.'),
    subject_text: z.string().max(300).optional().describe('Optional, for channels like EMAIL.'),
    urgency_level: z.enum(URGENCY_LEVELS).default('MEDIUM').describe('Affects presentation.'),
  }),
  output: z.object({
    notification_id: z.string(),
    /** The e-mail addresses of the console users it was for. */
    recipients: z.array(z.string()),
    channel_status: z.array(channelStatusSchema),
  }),
  async handler(args, { actor, services }) {
    if (actor.kind === 'anonymous') return fail('forbidden', 'sign in (or use an MCP token) to send notifications');
    const deps = await notificationDeps(services);
    if ('status' in deps) return deps;
    const perMinute = services.config.guards.notifications.maxPerMinute;
    const retryAfter = await takeNotification(deps.redis, actor, perMinute);
    if (retryAfter !== null) {
      return fail(
        'limit_exceeded',
        `too many notifications: at most ${perMinute} a minute per caller (DCF_NOTIFY_MAX_PER_MINUTE); try again in ${retryAfter} s`,
        { limit: 'DCF_NOTIFY_MAX_PER_MINUTE', max_per_minute: perMinute, retry_after_seconds: retryAfter },
      );
    }
    return ok(await sendNotification(deps, actor, args));
  },
});
