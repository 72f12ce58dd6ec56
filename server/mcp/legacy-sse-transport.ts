import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage, type MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/** Largest POSTed message accepted (the SDK's Streamable HTTP transport uses the same bound). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const KEEP_ALIVE_MS = 15_000;

/**
 * The legacy HTTP+SSE transport (MCP 2024-11-05) on Web-standard streams, for Next.js route
 * handlers (the SDK's SSEServerTransport needs Node's ServerResponse). The client opens an event
 * stream; the first event, `endpoint`, names the URL (with this session's id) it POSTs messages
 * to; every server message travels back as a `message` event. A comment line every 15 s keeps
 * proxies from closing an idle stream.
 */
export class WebSseServerTransport implements Transport {
  readonly sessionId = randomUUID();
  /** The response body to return from the route handler. */
  readonly stream: ReadableStream<Uint8Array>;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private readonly encoder = new TextEncoder();
  private keepAlive: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  /** `messagesPath`: where the client POSTs, relative to the stream's URL origin (e.g. `/api/mcp/messages`). */
  constructor(private readonly messagesPath: string) {
    this.stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => void this.close(),
    });
  }

  async start(): Promise<void> {
    this.write(`event: endpoint\ndata: ${this.messagesPath}?sessionId=${this.sessionId}\n\n`);
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.keepAlive.unref?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('the SSE stream is closed');
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    try {
      this.controller.close();
    } catch {
      // already closed or cancelled by the client
    }
    this.onclose?.();
  }

  /** One POSTed JSON-RPC message: 202 once handed to the server (its answer goes over the stream), 400 when unreadable. */
  async handlePostMessage(req: Request, extra: MessageExtraInfo): Promise<Response> {
    if (this.closed) return new Response('the SSE stream of this session is closed', { status: 404 });
    const posted = await readPostedMessage(req);
    if ('response' in posted) {
      if (posted.error) this.onerror?.(posted.error);
      return posted.response;
    }
    return this.deliver(posted.message, extra)
      ? new Response('Accepted', { status: 202 })
      : new Response('the SSE stream of this session is closed', { status: 404 });
  }

  /** Hands a message (read and checked by readPostedMessage, here or on another console) to the server; false once the stream is closed. */
  deliver(message: JSONRPCMessage, extra?: MessageExtraInfo): boolean {
    if (this.closed) return false;
    this.onmessage?.(message, extra);
    return true;
  }

  private write(text: string): void {
    if (this.closed) return;
    try {
      this.controller.enqueue(this.encoder.encode(text));
    } catch {
      void this.close();
    }
  }
}

/**
 * A POSTed message's body, checked as the 2024-11-05 transport expects: `application/json` (else
 * 415), at most MAX_MESSAGE_BYTES (else 413), one JSON-RPC message (else 400, with the parse error
 * for the transport's onerror). Separate from the transport so a console that does not hold the
 * session's stream checks a message before relaying it to the one that does.
 */
export async function readPostedMessage(req: Request): Promise<{ message: JSONRPCMessage } | { response: Response; error?: Error }> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return { response: new Response(`Unsupported content-type: ${type || 'none'}`, { status: 415 }) };
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_MESSAGE_BYTES) return { response: new Response('message too large', { status: 413 }) };
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) return { response: new Response('message too large', { status: 413 }) };
  try {
    return { message: JSONRPCMessageSchema.parse(JSON.parse(text)) };
  } catch (err) {
    return {
      response: new Response('Invalid message: not a JSON-RPC message', { status: 400 }),
      error: err instanceof Error ? err : new Error(String(err)),
    };
  }
}
