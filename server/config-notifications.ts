import { z } from 'zod';
import { optionalUrl } from './config-url.ts';

/**
 * The notification settings of server/config.ts (issue 18, send_notification; server/notifications/):
 * SMTP for EMAIL, the Telegram Bot API for TELEGRAM, and the retries of both. Part of the one
 * environment schema (spread into it), so a bad value is reported with all the others.
 */
export const NOTIFICATION_ENV = {
  /** SMTP server for EMAIL notifications, e.g. `smtp://user:pass@mail.example.com:587` (smtps:// for TLS); unset = EMAIL off. */
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'SMTP'),
  /** Sender of EMAIL notifications, e.g. `DCF Console <dcf@example.com>`; EMAIL needs it with SMTP_URL. */
  DCF_NOTIFY_EMAIL_FROM: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /@[^@\s>]+/.test(v), { message: 'must be an e-mail address (optionally `Name <address>`)' }),
  /** Telegram Bot API base URL (sendMessage is POSTed to {base}/bot{token}/sendMessage); default https://api.telegram.org. */
  TELEGRAM_API_BASE_URL: optionalUrl(['http:', 'https:'], 'HTTP'),
  /** Bot token for TELEGRAM notifications; with TELEGRAM_CHAT_ID it turns TELEGRAM on. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Chat (user, group or channel id, or @channelname) TELEGRAM notifications go to. */
  TELEGRAM_CHAT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Attempts per EMAIL/TELEGRAM delivery (the first inline, the rest retried by a BullMQ queue with back-off). */
  DCF_NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** First retry delay of a failed delivery in ms; doubled per attempt (a Telegram 429's retry_after wins when longer). */
  DCF_NOTIFY_BACKOFF_MS: z.coerce.number().int().min(10).max(3_600_000).default(2_000),
};

export interface NotificationsConfig {
  smtpUrl: string | undefined;
  emailFrom: string | undefined;
  telegram: { baseUrl: string; botToken: string | undefined; chatId: string | undefined };
  maxAttempts: number;
  backoffMs: number;
}

type NotificationEnv = z.output<z.ZodObject<typeof NOTIFICATION_ENV>>;

export function notificationsConfig(e: NotificationEnv): NotificationsConfig {
  return {
    smtpUrl: e.SMTP_URL,
    emailFrom: e.DCF_NOTIFY_EMAIL_FROM,
    telegram: {
      baseUrl: (e.TELEGRAM_API_BASE_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
      botToken: e.TELEGRAM_BOT_TOKEN,
      chatId: e.TELEGRAM_CHAT_ID,
    },
    maxAttempts: e.DCF_NOTIFY_MAX_ATTEMPTS,
    backoffMs: e.DCF_NOTIFY_BACKOFF_MS,
  };
}
