import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Db } from '../db/client.ts';
import { dbAuditSink } from '../audit/log.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { mcpHostPolicy, refuseForeignRequest } from './host-check.ts';
import { authenticateRequest, rpcErrorResponse } from './http-auth.ts';
import { WebSseServerTransport } from './legacy-sse-transport.ts';
import { createMcpServer } from './server.ts';
import type { McpCallDeps } from './tools.ts';

/** What the endpoint needs from the process: the database (tokens, audit) and the tools' services. */
export type McpHandlerDeps = {
  db: () => Promise<Db>;
  services: () => ToolServices;
  log: { error(obj: object, msg: string): void };
};

export type McpHandlers = {
  /** `/api/mcp`: Streamable HTTP, stateless (POST only; GET/DELETE answer 405). */
  streamable(req: Request): Promise<Response>;
  /** `/api/mcp/sse` (GET): opens a legacy HTTP+SSE session. */
  sseConnect(req: Request): Promise<Response>;
  /** `/api/mcp/messages?sessionId=` (POST): a message of a legacy session. */
  sseMessage(req: Request): Promise<Response>;
};

/** Legacy sessions live in this process; kept on globalThis because Next.js may load this module once per route. */
const SESSIONS = Symbol.for('dcf.mcp.sseSessions');
type Session = { transport: WebSseServerTransport; tokenId: string };
function sessions(): Map<string, Session> {
  const holder = globalThis as { [SESSIONS]?: Map<string, Session> };
  holder[SESSIONS] ??= new Map();
  return holder[SESSIONS];
}

/** Open legacy SSE sessions in this process (tests check that a closed stream leaves none behind). */
export function openSseSessions(): number {
  return sessions().size;
}

/**
 * The MCP endpoint's HTTP handlers, Web-standard Request → Response, so the same code serves the
 * Next.js route handlers and the tests' plain Node server. Every request is checked for a foreign
 * Host or Origin (403, host-check.ts: DNS rebinding) and a valid bearer token (401) before the
 * protocol sees it; a revoked token stops working at its next request, also inside an open SSE session.
 *
 * Streamable HTTP runs stateless: each POST gets its own server and transport, so any process
 * can answer any request and nothing is kept between them. Responses are SSE streams (the SDK's
 * default), whose keep-alive comments hold long tool calls open through proxies.
 */
export function createMcpHandlers(deps: McpHandlerDeps): McpHandlers {
  const lettaToken = () => {
    const runtime = deps.services().config.agentRuntime;
    return runtime.kind === 'letta' ? runtime.mcpToken : undefined;
  };
  const refuseForeign = (req: Request) => refuseForeignRequest(req, mcpHostPolicy(deps.services().config));
  const callDeps = async (): Promise<McpCallDeps> => ({
    services: deps.services,
    audit: dbAuditSink(await deps.db()),
    onInternalError: (tool, err) => deps.log.error({ tool, err }, 'MCP tool failed unexpectedly'),
  });

  async function streamable(req: Request): Promise<Response> {
    const foreign = refuseForeign(req);
    if (foreign) return foreign;
    if (req.method !== 'POST') {
      return rpcErrorResponse(
        405,
        'Method not allowed: this endpoint is stateless Streamable HTTP (POST only); legacy SSE clients use /api/mcp/sse',
        { allow: 'POST' },
      );
    }
    const auth = await authenticateRequest(req, await deps.db(), lettaToken());
    if ('response' in auth) return auth.response;
    const server = createMcpServer(auth.principal, await callDeps());
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    transport.onerror = (err) => deps.log.error({ err }, 'MCP Streamable HTTP transport error');
    await server.connect(transport);
    return transport.handleRequest(req);
  }

  async function sseConnect(req: Request): Promise<Response> {
    const foreign = refuseForeign(req);
    if (foreign) return foreign;
    if (req.method !== 'GET') return rpcErrorResponse(405, 'Method not allowed: open the event stream with GET', { allow: 'GET' });
    const auth = await authenticateRequest(req, await deps.db(), lettaToken());
    if ('response' in auth) return auth.response;
    const messagesPath = new URL(req.url).pathname.replace(/\/sse\/?$/, '/messages');
    const transport = new WebSseServerTransport(messagesPath);
    const server = createMcpServer(auth.principal, await callDeps());
    transport.onerror = (err) => deps.log.error({ err }, 'MCP SSE transport error');
    transport.onclose = () => sessions().delete(transport.sessionId);
    sessions().set(transport.sessionId, { transport, tokenId: auth.principal.tokenId });
    await server.connect(transport);
    req.signal?.addEventListener('abort', () => void server.close(), { once: true });
    return new Response(transport.stream, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  }

  async function sseMessage(req: Request): Promise<Response> {
    const foreign = refuseForeign(req);
    if (foreign) return foreign;
    if (req.method !== 'POST') return rpcErrorResponse(405, 'Method not allowed: POST messages here', { allow: 'POST' });
    const auth = await authenticateRequest(req, await deps.db(), lettaToken());
    if ('response' in auth) return auth.response;
    const sessionId = new URL(req.url).searchParams.get('sessionId');
    const session = sessionId ? sessions().get(sessionId) : undefined;
    // A session belongs to the token that opened it: another token gets the same answer as an unknown id.
    if (!session || session.tokenId !== auth.principal.tokenId)
      return rpcErrorResponse(404, 'Session not found: open a new one with GET /api/mcp/sse', {}, -32001);
    return session.transport.handlePostMessage(req, {
      requestInfo: { headers: Object.fromEntries(req.headers.entries()), url: new URL(req.url) },
    });
  }

  return { streamable, sseConnect, sseMessage };
}
