import type { RedisClient } from '../redis/connection.ts';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Db } from '../db/client.ts';
import { dbAuditSink } from '../audit/log.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { mcpHostPolicy, refuseForeignRequest } from './host-check.ts';
import { authenticateRequest, rpcErrorResponse } from './http-auth.ts';
import { WebSseServerTransport } from './legacy-sse-transport.ts';
import { createMcpServer } from './server.ts';
import { redisSseSessions, type SseRelayOptions } from './sse-relay.ts';
import { inProcessSseSessions, unknownSession } from './sse-sessions.ts';
import type { McpCallDeps } from './tools.ts';

/** What the endpoint needs from the process: the database (tokens, audit) and the tools' services. */
export type McpHandlerDeps = {
  db: () => Promise<Db>;
  services: () => ToolServices;
  log: { error(obj: object, msg: string): void };
  /**
   * The control plane's Redis (REDIS_URL), shared by every console: legacy SSE sessions are then
   * registered there and a POST reaches its session through any console (sse-relay.ts). Without
   * it sessions live in this process only, which is then the only console.
   */
  redis?: RedisClient;
  /** Relay timings (tests); the defaults are sse-relay.ts's. */
  sseRelay?: SseRelayOptions;
};

export type McpHandlers = {
  /** `/api/mcp`: Streamable HTTP, stateless (POST only; GET/DELETE answer 405). */
  streamable(req: Request): Promise<Response>;
  /** `/api/mcp/sse` (GET): opens a legacy HTTP+SSE session. */
  sseConnect(req: Request): Promise<Response>;
  /** `/api/mcp/messages?sessionId=` (POST): a message of a legacy session. */
  sseMessage(req: Request): Promise<Response>;
  /** Legacy sessions whose stream this console holds (tests check that a closed stream leaves none behind). */
  openSseSessions(): number;
  /** Stops relaying legacy-session messages (its own Redis subscriber); open streams stay open. */
  close(): Promise<void>;
};

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
  const sessions = deps.redis ? redisSseSessions(deps.redis, deps.log, deps.sseRelay) : inProcessSseSessions();
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
    try {
      await sessions.open(transport, auth.principal.tokenId);
    } catch (err) {
      deps.log.error({ err }, 'MCP SSE session could not be registered');
      return rpcErrorResponse(503, 'Service unavailable: the session registry (Redis) cannot be reached; retry shortly');
    }
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
    // A session belongs to the token that opened it: another token gets the same answer as an unknown id.
    if (!sessionId) return unknownSession();
    return sessions.post(sessionId, auth.principal.tokenId, req, {
      requestInfo: { headers: Object.fromEntries(req.headers.entries()), url: new URL(req.url) },
    });
  }

  return { streamable, sseConnect, sseMessage, openSseSessions: () => sessions.localCount(), close: () => sessions.stop() };
}
