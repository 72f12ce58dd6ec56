import { NextResponse, type NextRequest } from 'next/server';

/**
 * Passes the requested path to server components (as `x-dcf-path`) so a signed-out visitor is
 * sent to sign-in and brought back to the page they asked for. No auth decisions are made here.
 */
export function proxy(req: NextRequest) {
  const headers = new Headers(req.headers);
  headers.set('x-dcf-path', req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ['/((?!api/|_next/|favicon.ico).*)'] };
