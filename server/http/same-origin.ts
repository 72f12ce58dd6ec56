import type { AppConfig } from '../config.ts';
import { errorResponse } from './read-body.ts';

/**
 * Cross-site request refusal (CSRF). The session cookie is SameSite=Lax, which keeps it off
 * cross-site POSTs in current browsers, but not off those from a sibling subdomain (same-site),
 * nor in browsers that ignore SameSite. So every state-changing request a browser can send with
 * the cookie must show that it comes from the console:
 *
 * 1. `Origin`, sent by browsers on every POST: its host must be the console's;
 * 2. without it, `Sec-Fetch-Site`: only `same-origin` (or `none`, a user's own navigation);
 * 3. without both, `Referer`: its host must be the console's;
 * 4. with none of them the caller is not a browser (curl, the CLI, tests) and cannot be riding a
 *    victim's cookie, so it is let through.
 *
 * The console's hosts are the request's own Host (a victim's browser always sends the real one;
 * X-Forwarded-Host only behind trusted proxies) and the host of DCF_PUBLIC_URL. Schemes are not
 * compared: behind a TLS-terminating proxy the console sees http while the page is https.
 */
export type OriginCheck = { ok: true } | { ok: false; reason: string };

export type ConsoleOrigin = { publicUrl: string; trustedProxies: number };

export const consoleOrigin = (cfg: AppConfig): ConsoleOrigin => ({
  publicUrl: cfg.execution.publicUrl,
  trustedProxies: cfg.http.trustedProxies,
});

export function isStateChanging(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/** The host[:port] names that are this console, for one request. */
export function consoleHosts(headers: Headers, opts: ConsoleOrigin): string[] {
  const forwarded = opts.trustedProxies > 0 ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const candidates = [forwarded || headers.get('host'), opts.publicUrl];
  return candidates.map(hostOf).filter((h): h is string => h !== null);
}

export function checkSameOrigin(headers: Headers, hosts: readonly string[]): OriginCheck {
  const origin = headers.get('origin');
  if (origin !== null) return fromHost(hostOf(origin), hosts, `Origin ${origin.slice(0, 100)}`);
  const site = headers.get('sec-fetch-site');
  if (site !== null) {
    if (site === 'same-origin' || site === 'none') return { ok: true };
    return { ok: false, reason: `Sec-Fetch-Site is ${site.slice(0, 20)}` };
  }
  const referer = headers.get('referer');
  if (referer !== null) return fromHost(hostOf(referer), hosts, 'the Referer');
  return { ok: true };
}

/** The 403 for a cross-site state-changing request, in the tool layer's error shape; null when it may proceed. */
export function refuseCrossSite(request: Request, opts: ConsoleOrigin): Response | null {
  if (!isStateChanging(request.method)) return null;
  const verdict = checkSameOrigin(request.headers, consoleHosts(request.headers, opts));
  if (verdict.ok) return null;
  return errorResponse(403, 'forbidden', `cross-site request refused: ${verdict.reason} is not this console`);
}

function fromHost(host: string | null, hosts: readonly string[], what: string): OriginCheck {
  return host !== null && hosts.includes(host) ? { ok: true } : { ok: false, reason: what };
}

/** `host[:port]` of a URL or a bare Host value, lower-cased, default ports dropped; null if neither. */
function hostOf(value: string | null | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    const url = new URL(value.includes('://') ? value : `http://${value}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}
