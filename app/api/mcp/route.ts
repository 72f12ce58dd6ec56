import { appMcpHandlers } from '@/server/app/mcp-handlers';
import { withBodyLimit } from '@/server/http/buffered-request';
import { BODY_LIMITS } from '@/lib/http-limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The MCP endpoint (Streamable HTTP, stateless): every tool of the registry for agents, with a
 * bearer token from Settings → API tokens. See server/mcp/README.md. Bodies are read under
 * BODY_LIMITS.mcp (413 beyond). No Origin rule here beyond the handlers' own: clients are not
 * browsers, and a bearer token is not sent by a browser on its own, so a form cannot ride it.
 */
async function handler(req: Request): Promise<Response> {
  const limited = await withBodyLimit(req, BODY_LIMITS.mcp);
  return limited.ok ? appMcpHandlers().streamable(limited.value) : limited.response;
}

export { handler as GET, handler as POST, handler as DELETE };
