import type { AppConfig } from '../config.ts';
import { checkSameOrigin, consoleHosts } from '../http/same-origin.ts';
import { rpcErrorResponse } from './http-auth.ts';

/**
 * DNS-rebinding protection of the MCP endpoint (MCP transports, "Security warning"; issue 29). A
 * page on evil.example whose name the attacker re-points at the console's address makes the
 * victim's browser send `Host: evil.example` (a browser never lets a page set Host), so:
 *
 * - **Host** must name this console: DCF_PUBLIC_URL's host name, a loopback name (`localhost`,
 *   `127.0.0.1`, `[::1]`: a page can only send those when it is itself served from this machine,
 *   and local agents, the CLI's clients and tests call the console that way), or one listed in
 *   DCF_MCP_ALLOWED_HOSTS (e.g. the name a reverse proxy or a container network uses). Ports are
 *   not compared: rebinding changes the name, never the port. Behind trusted proxies
 *   (DCF_TRUSTED_PROXIES) the forwarded host must pass as well.
 * - **Origin**, when present (browsers send it; MCP clients outside a browser do not), must be the
 *   request's own host or the public URL's, as for the console's own state-changing requests
 *   (server/http/same-origin.ts); `Origin: null` is foreign.
 *
 * A refusal is 403 with a JSON-RPC error body, before any token is looked at.
 */
export type McpHostPolicy = { publicUrl: string; trustedProxies: number; extraHosts: readonly string[] };

export const mcpHostPolicy = (cfg: AppConfig): McpHostPolicy => ({
  publicUrl: cfg.execution.publicUrl,
  trustedProxies: cfg.http.trustedProxies,
  extraHosts: cfg.guards.mcpAllowedHosts,
});

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** The 403 for a request to a foreign host or from a foreign origin; null when it may proceed. */
export function refuseForeignRequest(req: Request, policy: McpHostPolicy): Response | null {
  const allowed = new Set([...LOOPBACK, hostNameOf(policy.publicUrl), ...policy.extraHosts.map(hostNameOf)]);
  const forwarded = policy.trustedProxies > 0 ? req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  for (const host of [req.headers.get('host') ?? new URL(req.url).host, forwarded]) {
    if (host === undefined || host === '') continue;
    const name = hostNameOf(host);
    if (name === null || !allowed.has(name)) {
      return rpcErrorResponse(
        403,
        `Forbidden: host ${host.slice(0, 100)} is not this console (DNS-rebinding protection); it answers to the host of ` +
          'DCF_PUBLIC_URL, loopback names and DCF_MCP_ALLOWED_HOSTS',
      );
    }
  }
  const origin = req.headers.get('origin');
  if (origin === null) return null;
  // Only the Origin is judged here: Sec-Fetch-Site and Referer are for cookie-bearing requests.
  const verdict = checkSameOrigin(new Headers({ origin }), consoleHosts(req.headers, policy));
  return verdict.ok ? null : rpcErrorResponse(403, `Forbidden: requests from origin ${origin.slice(0, 100)} are not accepted`);
}

/** The lower-case host name (no port; IPv6 in brackets) of a URL or a Host value, or null when it is neither. */
function hostNameOf(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}
