import type { AppConfig } from '../config.ts';
import type { NotificationRow } from '../db/schema/notifications.ts';
import { sendEmail } from './email.ts';
import { plainText, type DeliveryOutcome } from './outcome.ts';
import { sendTelegramMessage } from './telegram.ts';

export type ExternalChannel = 'EMAIL' | 'TELEGRAM';

/**
 * Why an external channel cannot be used as configured, or null when it can: the reason is the
 * `FAILED` status's `message_id_or_error`, naming the settings to set.
 */
export function notConfigured(channel: ExternalChannel, cfg: AppConfig['notifications']): string | null {
  if (channel === 'EMAIL') {
    const missing = [!cfg.smtpUrl && 'SMTP_URL', !cfg.emailFrom && 'DCF_NOTIFY_EMAIL_FROM'].filter(Boolean);
    return missing.length ? `EMAIL is not configured: set ${missing.join(' and ')}` : null;
  }
  const missing = [!cfg.telegram.botToken && 'TELEGRAM_BOT_TOKEN', !cfg.telegram.chatId && 'TELEGRAM_CHAT_ID'].filter(Boolean);
  return missing.length ? `TELEGRAM is not configured: set ${missing.join(' and ')}` : null;
}

/** One attempt to deliver `n` over `channel` to `target` (e-mail addresses; Telegram's is the configured chat). */
export async function attemptDelivery(
  channel: ExternalChannel,
  n: NotificationRow,
  target: string[],
  cfg: AppConfig['notifications'],
): Promise<DeliveryOutcome> {
  const reason = notConfigured(channel, cfg);
  if (reason) return { kind: 'permanent', error: reason };
  if (channel === 'EMAIL') {
    const subject = n.subject ?? `[${n.urgency}] ${n.message.split('\n')[0]!.slice(0, 80)}`;
    const text = `${n.message}\n\n— Urgency: ${n.urgency}. Sent by ${n.senderLabel} through the DCF Console.`;
    return sendEmail({ smtpUrl: cfg.smtpUrl!, from: cfg.emailFrom! }, target, subject, text);
  }
  const { baseUrl, botToken, chatId } = cfg.telegram;
  return sendTelegramMessage({ baseUrl, botToken: botToken!, chatId: chatId! }, plainText(n));
}
