import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from '@/server/http/content-security-policy';

/**
 * Runs before every page (not API routes, not static files):
 * - passes the requested path to server components (as `x-dcf-path`) so a signed-out visitor is
 *   sent to sign-in and brought back to the page they asked for; no auth decisions are made here;
 * - gives the page a Content-Security-Policy with a fresh nonce (server/http/content-security-policy.ts).
 *   Next.js reads the nonce from the request's CSP header and sets it on the scripts it renders;
 *   the response carries the same policy to the browser.
 */
export function proxy(req: NextRequest) {
  const csp = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === 'development' });
  const headers = new Headers(req.headers);
  headers.set('x-dcf-path', req.nextUrl.pathname + req.nextUrl.search);
  headers.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', csp);
  return response;
}

export const config = { matcher: ['/((?!api/|_next/|favicon.ico).*)'] };
