import type { MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { rpcErrorResponse } from './http-auth.ts';
import type { WebSseServerTransport } from './legacy-sse-transport.ts';

/**
 * The open legacy HTTP+SSE sessions (MCP 2024-11-05) as one console sees them. A session's
 * stream is held by the console that answered its GET; its POSTs may reach any console.
 * `inProcessSseSessions` (no Redis) knows only this process's streams; `redisSseSessions`
 * (sse-relay.ts) registers them in Redis and relays a POST to the console that holds the stream.
 */
export interface SseSessions {
  /**
   * Registers a stream this console holds, for `tokenId` (the token that opened it); call before
   * the MCP server connects to the transport. Rejects when the session cannot be made reachable
   * (Redis unavailable): the caller then does not open the stream. Closing the transport forgets it.
   */
  open(transport: WebSseServerTransport, tokenId: string): Promise<void>;
  /**
   * A message POSTed for `sessionId` by a caller holding `tokenId`: 202 once the session's server
   * has it (its answer goes over the stream); unknownSession() for an unknown id or another
   * token's session; the transport's 400/413/415 for an unreadable message.
   */
  post(sessionId: string, tokenId: string, req: Request, extra: MessageExtraInfo): Promise<Response>;
  /** Sessions whose stream this console holds. */
  localCount(): number;
  /** Stops relaying and refreshing (and closes its own connections); open streams stay open. */
  stop(): Promise<void>;
}

/** The answer for an unknown session id — and, the same, for another token's session, so ids cannot be probed. */
export const unknownSession = (): Response => rpcErrorResponse(404, 'Session not found: open a new one with GET /api/mcp/sse', {}, -32001);

/** A session this console holds: its transport and the token that opened it. */
export type LocalSession = { transport: WebSseServerTransport; tokenId: string };

/** Adds `then` to the transport's close handlers (the MCP SDK chains its own onto what is there when it connects). */
export function onTransportClose(transport: WebSseServerTransport, then: () => void): void {
  const before = transport.onclose;
  transport.onclose = () => {
    before?.();
    then();
  };
}

/** Sessions of this process only: what a console without Redis (REDIS_URL unset) runs, where it is the only console. */
export function inProcessSseSessions(): SseSessions {
  const local = new Map<string, LocalSession>();
  return {
    async open(transport, tokenId) {
      local.set(transport.sessionId, { transport, tokenId });
      onTransportClose(transport, () => local.delete(transport.sessionId));
    },
    async post(sessionId, tokenId, req, extra) {
      const session = local.get(sessionId);
      if (!session || session.tokenId !== tokenId) return unknownSession();
      return session.transport.handlePostMessage(req, extra);
    },
    localCount: () => local.size,
    stop: async () => undefined,
  };
}
