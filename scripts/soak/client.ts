/**
 * A console user over HTTP, as the browser is: a session cookie from `auth.signIn`, tRPC calls in
 * the wire format of the console's client (superjson, one call per request), and chat turns read
 * from their Server-Sent Events (read as the chat page reads them). For the soak test and the load
 * benchmark: it measures only what goes over the wire.
 */
import { readSseStream, type SseEvent } from '../../components/chat/sse.ts';

/** A request that reached no console, or whose connection broke before the answer: the caller may retry. */
export class NetworkError extends Error {}

/** An answer that is a tRPC error (with its code), or an HTTP status that is not 2xx. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(120_000) });
  } catch (err) {
    throw new NetworkError(`${init.method ?? 'GET'} ${url}: ${(err as Error).message}`);
  }
}

async function readJson(res: Response, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new NetworkError(`${what}: the answer broke off (${(err as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(`${what}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`, 'not_json', res.status);
  }
}

type TrpcAnswer = { result?: { data?: { json?: unknown } }; error?: { json?: { message?: string; data?: { code?: string } } } };

export class ConsoleClient {
  private cookie = '';

  constructor(readonly baseUrl: string) {}

  async signIn(email: string, password: string): Promise<void> {
    const res = await send(`${this.baseUrl}/api/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email, password } }),
    });
    await this.unwrap(res, 'auth.signIn');
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length === 0) throw new ApiError('auth.signIn set no cookie', 'no_cookie', res.status);
    this.cookie = set.join('; ');
  }

  /** A tRPC query (GET) of the console. */
  async query<T = unknown>(path: string, input?: unknown): Promise<T> {
    const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
    const res = await send(`${this.baseUrl}/api/trpc/${path}${q}`, { headers: { cookie: this.cookie } });
    return (await this.unwrap(res, path)) as T;
  }

  /** A tRPC mutation (POST) of the console. */
  async mutate<T = unknown>(path: string, input: unknown): Promise<T> {
    const res = await send(`${this.baseUrl}/api/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      body: JSON.stringify({ json: input }),
    });
    return (await this.unwrap(res, path)) as T;
  }

  /** A page as the browser loads it (the HTML only); resolves to the HTTP status. */
  async page(path: string): Promise<number> {
    const res = await send(`${this.baseUrl}${path}`, { headers: { cookie: this.cookie } });
    await res.arrayBuffer().catch(() => {
      throw new NetworkError(`GET ${path}: the answer broke off`);
    });
    return res.status;
  }

  /**
   * One chat turn: posts the message and reads its events to the end. `done` when the stream said
   * so; `error` with the message the stream sent; a NetworkError when the stream broke off (the
   * console died mid-turn) — the message may or may not have been stored.
   */
  async chat(conversationId: string, content: string): Promise<{ outcome: 'done' | 'error'; events: number; message?: string }> {
    const what = `chat ${conversationId}`;
    const res = await send(`${this.baseUrl}/api/chat/${conversationId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      body: JSON.stringify({ content }),
      signal: AbortSignal.timeout(600_000),
    });
    if (res.status === 502 || res.status === 504) throw new NetworkError(`${what}: HTTP ${res.status} from the proxy`);
    if (!res.ok) {
      const body = (await readJson(res, what)) as { error?: string; message?: string };
      throw new ApiError(`${what}: ${body.message ?? res.status}`, body.error ?? 'http_error', res.status);
    }
    // The chat page's own reader (components/chat/sse.ts): the same parsing the console's client does.
    const events: SseEvent[] = [];
    try {
      for await (const e of readSseStream(res.body!)) events.push(e);
    } catch (err) {
      throw new NetworkError(`${what}: the stream broke off (${(err as Error).message})`);
    }
    const last = events.at(-1);
    if (last?.event === 'done') return { outcome: 'done', events: events.length };
    if (last?.event === 'error')
      return { outcome: 'error', events: events.length, message: (JSON.parse(last.data) as { message: string }).message };
    throw new NetworkError(`${what}: the stream ended without done or error (${events.length} events)`);
  }

  private async unwrap(res: Response, path: string): Promise<unknown> {
    // 502/504: nginx reached no console (or lost it mid-answer); its error page is not JSON.
    if (res.status === 502 || res.status === 504) {
      await res.arrayBuffer().catch(() => undefined);
      throw new NetworkError(`${path}: HTTP ${res.status} from the proxy`);
    }
    const body = (await readJson(res, path)) as TrpcAnswer;
    if (body.error) {
      const e = body.error.json;
      throw new ApiError(`${path}: ${e?.message ?? 'error'}`, e?.data?.code ?? 'error', res.status);
    }
    return body.result?.data?.json;
  }
}
