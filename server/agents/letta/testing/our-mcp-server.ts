import { randomUUID } from 'node:crypto';
import { TOOLS } from '../../../tools/registry.ts';
import type { Route } from './replay-server.ts';

/**
 * TEST SUPPORT: our MCP server as Letta lists it once registered — the server, and a tool per tool
 * of the registry (all of which /api/mcp serves) — and the replay routes that answer the adapter's
 * registration with them. Prism's example lists one tool, so no template with our tools could be
 * created from its answers alone.
 */
export function ourMcpServerListing() {
  const served = TOOLS.map((t) => ({
    id: `tool-${randomUUID()}`,
    name: t.name,
    tool_type: 'external_mcp',
    description: t.description,
    tags: ['mcp:dcf-console'],
    json_schema: { name: t.name, parameters: { type: 'object', properties: {} } },
    metadata_: { mcp: { server_name: 'dcf-console' } },
  }));
  const server = {
    id: `mcp_server-${randomUUID()}`,
    server_name: 'dcf-console',
    mcp_server_type: 'streamable_http',
    server_url: 'https://console.example.test/api/mcp',
  };
  const routes: Route[] = [
    { method: 'GET', path: '/v1/mcp-servers/', reply: { json: [] } },
    { method: 'POST', path: '/v1/mcp-servers/', reply: { json: server } },
    { method: 'GET', path: `/v1/mcp-servers/${server.id}/tools`, reply: { json: served } },
  ];
  return { served, server, routes };
}

/** A fetch that sends the MCP server registration (/v1/mcp-servers…) to `registrationUrl` and everything else to `rest`. */
export function registrationVia(registrationUrl: string, rest: typeof fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return url.pathname.startsWith('/v1/mcp-servers') ? fetch(`${registrationUrl}${url.pathname}${url.search}`, init) : rest(input, init);
  };
}
