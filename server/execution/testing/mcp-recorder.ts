import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One MCP `tools/call` request as it crossed the wire. */
export interface RecordedToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** The request's `_meta` (where the idempotency key travels). */
  meta: Record<string, unknown> | undefined;
  at: number;
}

export interface McpRecorder {
  /** Base URL to give the workers as DCF_MCP_BASE_URL. */
  url: string;
  calls: RecordedToolCall[];
  close(): Promise<void>;
}

/**
 * TEST SUPPORT: an HTTP proxy in front of a real MCP server (the demo skills server) that records
 * every `tools/call` request on its way through, so a test can see what skill calls carried even
 * when they were made by another process. Requests and answers pass unchanged; a client that goes
 * away (a killed worker) aborts its forwarded request.
 */
export async function startMcpRecorder(targetUrl: string): Promise<McpRecorder> {
  const calls: RecordedToolCall[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      record(calls, body);
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      const forwarded = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-session-id'];
      const headers = Object.fromEntries(forwarded.flatMap((h) => (req.headers[h] ? [[h, String(req.headers[h])]] : [])));
      const text = body.length ? body.toString('utf8') : undefined;
      const answer = await fetch(targetUrl, { method: req.method, headers, body: text, signal: gone.signal });
      const out = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(out);
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

function record(calls: RecordedToolCall[], body: Buffer): void {
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8'));
  } catch {
    return;
  }
  for (const m of Array.isArray(doc) ? doc : [doc]) {
    type Params = { name: string; arguments?: Record<string, unknown>; _meta?: Record<string, unknown> };
    const msg = m as { method?: string; params?: Params };
    if (msg?.method !== 'tools/call' || !msg.params) continue;
    calls.push({ name: msg.params.name, arguments: msg.params.arguments ?? {}, meta: msg.params._meta, at: Date.now() });
  }
}
