import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake Bot API received. */
export interface BotRequest {
  token: string;
  method: string;
  body: { chat_id?: unknown; text?: unknown };
}

/** What the fake answers: an HTTP status and the Bot API's JSON body. */
export type BotAnswer = { status: number; body: unknown };

/**
 * A local HTTP server following the Telegram Bot API's published contract for `sendMessage`
 * (https://core.telegram.org/bots/api#making-requests): `POST /bot<token>/sendMessage` with a JSON
 * body; answers `{"ok":true,"result":{Message}}` or `{"ok":false,"error_code","description",
 * "parameters"?}` with the same HTTP status. Answers are taken from `script` in order (then the
 * default: a sent message with increasing message_id). A token other than `token` gets Telegram's
 * 401 `Unauthorized`, a missing `chat_id` or `text` its 400. Test double for a service that cannot
 * run here.
 */
export async function startFakeBotApi(
  token: string,
  script: BotAnswer[] = [],
): Promise<{
  baseUrl: string;
  requests: BotRequest[];
  script: BotAnswer[];
  close(): Promise<void>;
}> {
  const requests: BotRequest[] = [];
  let nextId = 100;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
      let body: BotRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BotRequest['body'];
      } catch {
        body = {};
      }
      const reply = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (!m || req.method !== 'POST') return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      requests.push({ token: m[1]!, method: m[2]!, body });
      if (m[1] !== token) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      if (m[2] !== 'sendMessage') return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (body.chat_id === undefined || body.chat_id === '') {
        return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat_id is empty' });
      }
      if (typeof body.text !== 'string' || body.text.length === 0) {
        return reply(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
      }
      const scripted = script.shift();
      if (scripted) return reply(scripted.status, scripted.body);
      const id = nextId++;
      return reply(200, {
        ok: true,
        result: { message_id: id, date: Math.floor(Date.now() / 1000), chat: { id: body.chat_id, type: 'private' }, text: body.text },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Telegram's flood-control answer: 429 with `parameters.retry_after` seconds. */
export const tooManyRequests = (retryAfterS: number): BotAnswer => ({
  status: 429,
  body: {
    ok: false,
    error_code: 429,
    description: `Too Many Requests: retry after ${retryAfterS}`,
    parameters: { retry_after: retryAfterS },
  },
});

/** Telegram's answer for a chat the bot cannot write to. */
export const chatNotFound: BotAnswer = { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } };
