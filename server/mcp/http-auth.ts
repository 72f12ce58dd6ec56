import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { authenticateApiToken, type McpPrincipal } from '../auth/api-tokens.ts';

/** The header Letta adds to every MCP request it makes for an agent (its letta/services/mcp clients). */
export const LETTA_AGENT_HEADER = 'x-agent-id';
/** A Letta agent id: `agent-` and a UUID. */
const LETTA_AGENT_ID = /^agent-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The Letta server holds one token for all its agents (LETTA_MCP_TOKEN) and names the agent it
 * calls for in `X-Agent-Id`. With that token — and only with it, compared in constant time — a
 * well-formed header makes the caller that agent, so each Letta agent has its own identity (its
 * own memory-file directory, its own audit entries) rather than the token's. Any other token's
 * header is ignored: a token names its agent when it is issued, and a caller cannot choose
 * another. A malformed header leaves the token's own agent.
 */
export function lettaAgentPrincipal(req: Request, principal: McpPrincipal, lettaToken: string | undefined): McpPrincipal {
  const agentId = req.headers.get(LETTA_AGENT_HEADER)?.trim();
  const presented = bearerToken(req);
  if (!lettaToken || !agentId || !presented || !LETTA_AGENT_ID.test(agentId)) return principal;
  if (!timingSafeEqual(digest(presented), digest(lettaToken))) return principal;
  return { ...principal, agentName: agentId };
}

/** A JSON-RPC error as an HTTP response (id null: the request never reached the protocol layer). */
export function rpcErrorResponse(status: number, message: string, headers: Record<string, string> = {}, code = -32000): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(req: Request): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '');
  return m ? m[1]! : null;
}

const REASONS = {
  missing: 'this endpoint needs an API token: send "Authorization: Bearer <token>" (an admin creates tokens in Settings → API tokens)',
  unknown: 'the API token is not valid',
  revoked: 'the API token was revoked',
  ancestor_revoked: 'the API token was revoked with the token that minted it (spawn_agent lineage)',
} as const;

/**
 * The caller's principal, or the 401 response (RFC 6750: `WWW-Authenticate: Bearer`, with
 * `invalid_token` when one was sent). `lettaToken` is the token the Letta server presents for all
 * its agents (LETTA_MCP_TOKEN): see lettaAgentPrincipal.
 */
export async function authenticateRequest(
  req: Request,
  db: Db,
  lettaToken?: string,
): Promise<{ principal: McpPrincipal } | { response: Response }> {
  const auth = await authenticateApiToken(db, bearerToken(req));
  if (auth.ok) return { principal: lettaAgentPrincipal(req, auth.principal, lettaToken) };
  const challenge =
    auth.reason === 'missing'
      ? 'Bearer realm="dcf-console"'
      : `Bearer realm="dcf-console", error="invalid_token", error_description="${REASONS[auth.reason]}"`;
  return {
    response: rpcErrorResponse(401, `Unauthorized: ${REASONS[auth.reason]}`, { 'www-authenticate': challenge }),
  };
}
