import { afterEach, describe, expect, it } from 'vitest';
import { sendTelegramMessage, TELEGRAM_MAX_TEXT } from './telegram.ts';
import { chatNotFound, startFakeBotApi, tooManyRequests } from './testing/bot-api.ts';

const TOKEN = '123456:ABC-test-token';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function bot(script: Parameters<typeof startFakeBotApi>[1] = []) {
  const api = await startFakeBotApi(TOKEN, script);
  close = api.close;
  return api;
}

describe('sendTelegramMessage (Bot API sendMessage contract)', () => {
  it('POSTs chat_id and text to {base}/bot{token}/sendMessage and returns the message_id', async () => {
    const api = await bot();
    const r = await sendTelegramMessage({ baseUrl: api.baseUrl, botToken: TOKEN, chatId: '-100200' }, 'hello');
    expect(r).toEqual({ kind: 'sent', messageId: '100' });
    expect(api.requests).toEqual([{ token: TOKEN, method: 'sendMessage', body: { chat_id: '-100200', text: 'hello' } }]);
  });

  it('a 429 is transient and carries retry_after in ms', async () => {
    const api = await bot([tooManyRequests(3)]);
    const r = await sendTelegramMessage({ baseUrl: api.baseUrl, botToken: TOKEN, chatId: '1' }, 'x');
    expect(r).toEqual({ kind: 'retry', error: 'Telegram sendMessage failed: 429 Too Many Requests: retry after 3', retryAfterMs: 3000 });
  });

  it('a 400 (chat not found) and a 401 (bad token) are permanent; the token is not in the error', async () => {
    const api = await bot([chatNotFound]);
    const bad = await sendTelegramMessage({ baseUrl: api.baseUrl, botToken: TOKEN, chatId: '1' }, 'x');
    expect(bad).toEqual({ kind: 'permanent', error: 'Telegram sendMessage failed: 400 Bad Request: chat not found' });
    const unauthorised = await sendTelegramMessage({ baseUrl: api.baseUrl, botToken: 'wrong:secret', chatId: '1' }, 'x');
    expect(unauthorised.kind).toBe('permanent');
    expect(JSON.stringify(unauthorised)).not.toContain('secret');
  });

  it('a 5xx and an unreachable server are transient', async () => {
    const api = await bot([{ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } }]);
    expect((await sendTelegramMessage({ baseUrl: api.baseUrl, botToken: TOKEN, chatId: '1' }, 'x')).kind).toBe('retry');
    await api.close();
    close = undefined;
    const down = await sendTelegramMessage({ baseUrl: api.baseUrl, botToken: TOKEN, chatId: '1' }, 'x');
    expect(down.kind).toBe('retry');
    expect(down.kind === 'retry' && down.error).toMatch(/^Telegram unreachable: /);
  });

  it('cuts text to the Bot API limit of 4096 characters', async () => {
    const api = await bot();
    await sendTelegramMessage({ baseUrl: api.baseUrl, botToken: TOKEN, chatId: '1' }, 'a'.repeat(5000));
    expect((api.requests[0]!.body.text as string).length).toBe(TELEGRAM_MAX_TEXT);
  });
});
