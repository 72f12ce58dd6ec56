import type { DeliveryOutcome } from './outcome.ts';

/** Telegram's limit on one message's text (Bot API sendMessage: 1-4096 characters). */
export const TELEGRAM_MAX_TEXT = 4096;

export interface TelegramTarget {
  baseUrl: string;
  botToken: string;
  chatId: string;
}

type SendMessageResponse =
  | { ok: true; result: { message_id: number } }
  | { ok: false; error_code?: number; description?: string; parameters?: { retry_after?: number } };

/**
 * One Bot API `sendMessage` call (https://core.telegram.org/bots/api#sendmessage):
 * `POST {base}/bot{token}/sendMessage` with JSON `{chat_id, text}`; the answer is
 * `{ok: true, result: {message_id}}` or `{ok: false, error_code, description, parameters?}`.
 * 429 (flood control) is retried after `parameters.retry_after` seconds; 5xx and network errors
 * are retried; any other 4xx (bad token, unknown chat, bad request) is permanent. The token never
 * appears in an error (it is part of the URL).
 */
export async function sendTelegramMessage(target: TelegramTarget, text: string, timeoutMs = 10_000): Promise<DeliveryOutcome> {
  const url = `${target.baseUrl}/bot${target.botToken}/sendMessage`;
  const body = JSON.stringify({ chat_id: target.chatId, text: text.slice(0, TELEGRAM_MAX_TEXT) });
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : causeOf(err);
    return { kind: 'retry', error: `Telegram unreachable: ${reason}` };
  }
  const answer = (await res.json().catch(() => null)) as SendMessageResponse | null;
  if (res.ok && answer?.ok === true && Number.isInteger(answer.result?.message_id)) {
    return { kind: 'sent', messageId: String(answer.result.message_id) };
  }
  const failed = answer && answer.ok === false ? answer : null;
  const code = failed?.error_code ?? res.status;
  const error = `Telegram sendMessage failed: ${code} ${failed?.description ?? res.statusText ?? 'unexpected answer'}`.trim();
  if (code === 429) {
    const after = failed?.parameters?.retry_after;
    return { kind: 'retry', error, ...(typeof after === 'number' && after >= 0 ? { retryAfterMs: after * 1000 } : {}) };
  }
  if (code >= 500 || (res.ok && !failed)) return { kind: 'retry', error };
  return { kind: 'permanent', error };
}

function causeOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
}
