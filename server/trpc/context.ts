import { config, cookieSecret, database, toolServices } from '../app/services.ts';
import { readCookie, SESSION_COOKIE, verifyCookieValue } from '../auth/cookie.ts';
import { resolveSession } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import type { PublicUser } from '../auth/users.ts';
import type { TrpcContext } from './init.ts';

/** Whether the request reached us over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(req: Request): boolean {
  const forwarded = req.headers.get('x-forwarded-proto');
  return (forwarded ? forwarded.split(',')[0]!.trim() : new URL(req.url).protocol.replace(':', '')) === 'https';
}

/** The signed-in user for a signed session-cookie value, or nulls; a tampered or stale cookie is simply no session. */
export async function sessionFromCookieValue(db: Db, signed: string | null | undefined, secret: string): Promise<{ user: PublicUser | null; sessionId: string | null }> {
  const sessionId = verifyCookieValue(signed, secret);
  if (!sessionId) return { user: null, sessionId: null };
  const user = await resolveSession(db, sessionId);
  return user ? { user, sessionId } : { user: null, sessionId: null };
}

/** The same, for a whole Cookie header. */
export function sessionFromCookies(db: Db, cookieHeader: string | null, secret: string) {
  return sessionFromCookieValue(db, readCookie(cookieHeader, SESSION_COOKIE), secret);
}

/** Builds the tRPC context for one HTTP request. */
export async function createRequestContext(req: Request, resHeaders: Headers): Promise<TrpcContext> {
  const { db } = await database();
  const secret = await cookieSecret();
  const { user, sessionId } = await sessionFromCookies(db, req.headers.get('cookie'), secret);
  return {
    db,
    user,
    sessionId,
    resHeaders,
    secure: isSecureRequest(req),
    userAgent: req.headers.get('user-agent'),
    cookieSecret: secret,
    sessionTtlHours: config().sessionTtlHours,
    services: toolServices(),
  };
}
