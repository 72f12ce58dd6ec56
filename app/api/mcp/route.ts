import { appMcpHandlers } from '@/server/mcp/app-handlers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * The MCP endpoint (Streamable HTTP, stateless): every tool of the registry for agents, with a
 * bearer token from Settings → API tokens. See server/mcp/README.md.
 */
function handler(req: Request): Promise<Response> {
  return appMcpHandlers().streamable(req);
}

export { handler as GET, handler as POST, handler as DELETE };
