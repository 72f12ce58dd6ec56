import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { lettaSchemaProblems, matchOperation } from './openapi-schemas.ts';

/**
 * A tiny local HTTP server replaying recorded Letta responses: JSON bodies and SSE fixtures
 * (`fixtures/*.sse`). Each request is recorded with the problems of its JSON body against the
 * operation's request schema in the Letta OpenAPI document, so a test can insist on none.
 *
 * SSE fixtures are plain SSE text; two SSE comment lines steer the replay:
 * `: hold` stops writing and keeps the connection open (the client must abort),
 * `: drop` destroys the connection (a stream cut short).
 */

export interface ReplayedRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** Problems of `body` against the operation's request schema (empty when valid or bodiless). */
  problems: string[];
}

export type Reply = { status?: number; json: unknown } | { sse: string };
/** `delayMs`: the reply is held that long (a slow turn); nothing is written if the client has gone by then. */
export type Route = { method: string; path: string | RegExp; reply: Reply | ((req: ReplayedRequest) => Reply); delayMs?: number };

export const FIXTURES = new URL('../fixtures/', import.meta.url);

/** The text of `fixtures/<name>`. */
export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

/** The frames of an SSE text: `{ event, data }` per blank-line separated block (comments kept as `comment`). */
export function sseFrames(text: string): Array<{ event: string | null; data: string | null; comment: string | null }> {
  return text
    .split(/\n\n+/)
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const field = (name: string) => lines.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).replace(/^ /, ''));
      const data = field('data');
      return {
        event: field('event')[0] ?? null,
        data: data.length ? data.join('\n') : null,
        comment:
          lines
            .find((l) => l.startsWith(':'))
            ?.slice(1)
            .trim() ?? null,
      };
    });
}

function requestProblems(method: string, url: URL, body: unknown): string[] {
  if (body === undefined) return [];
  const ref = matchOperation(method, url.pathname)?.operation.requestBody?.content?.['application/json']?.schema?.$ref;
  if (!ref) return [`no request body schema for ${method} ${url.pathname} in the Letta document`];
  return lettaSchemaProblems(ref.replace('#/components/schemas/', ''), body);
}

/** Writes the SSE blocks one by one (each flushed before the next), obeying `: hold` and `: drop`. */
async function replaySse(res: http.ServerResponse, sse: string): Promise<void> {
  for (const block of sse.split(/\n\n+/).filter((b) => b.trim())) {
    if (block.trim() === ': hold') return;
    if (block.trim() === ': drop') {
      res.socket?.destroy();
      return;
    }
    await new Promise<void>((resolve, reject) => res.write(`${block}\n\n`, (error) => (error ? reject(error) : resolve())));
  }
  res.end();
}

export async function startReplayServer(
  routes: Route[],
): Promise<{ url: string; requests: ReplayedRequest[]; close: () => Promise<void> }> {
  const requests: ReplayedRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://replay');
      const text = Buffer.concat(chunks).toString();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      const recorded: ReplayedRequest = {
        method: req.method ?? 'GET',
        url,
        headers: req.headers,
        body,
        problems: requestProblems(req.method ?? 'GET', url, body),
      };
      requests.push(recorded);
      const route = routes.find(
        (r) => r.method === recorded.method && (typeof r.path === 'string' ? r.path === url.pathname : r.path.test(url.pathname)),
      );
      if (!route) {
        res
          .writeHead(501, { 'content-type': 'application/json' })
          .end(JSON.stringify({ detail: `no recorded response for ${recorded.method} ${url.pathname}` }));
        return;
      }
      const reply = typeof route.reply === 'function' ? route.reply(recorded) : route.reply;
      open.add(res);
      res.on('close', () => open.delete(res));
      const answer = () => {
        if (res.destroyed) return;
        if ('json' in reply) {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        void replaySse(res, reply.sse);
      };
      if (route.delayMs) setTimeout(answer, route.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
