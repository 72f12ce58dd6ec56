/**
 * Where a manifest's MCP endpoint is reached. Manifests name a deployment-specific address
 * (`ws://mcp-server:8765`, spec §5.10); this deployment reaches MCP servers at one base URL over
 * Streamable HTTP. The rule: the endpoint's scheme, host and port are replaced by the base URL; a
 * path in the endpoint is appended to the base URL's path (`ws://mcp-server:8765` with base
 * `http://127.0.0.1:8765/mcp` → `http://127.0.0.1:8765/mcp`; `ws://x:1/crm` → `http://127.0.0.1:8765/mcp/crm`).
 * Query and fragment come from the base URL.
 */
export function resolveEndpointUrl(endpointUrl: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  let path = '';
  try {
    path = new URL(endpointUrl).pathname;
  } catch {
    // Not a URL: nothing to append; the static manifest checks report it.
  }
  const extra = path.replace(/^\/+|\/+$/g, '');
  if (extra) base.pathname = `${base.pathname.replace(/\/+$/, '')}/${extra}`;
  return base.toString();
}
