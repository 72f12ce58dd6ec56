import type { Db } from '../db/client.ts';
import { readCookie, SESSION_COOKIE, verifyCookieValue } from './cookie.ts';
import { resolveSession } from './sessions.ts';
import type { PublicUser } from './users.ts';

/**
 * The signed-in user behind a session cookie, for the tRPC context and for server components
 * (server/app/current-user.ts) alike: here, in auth, so neither has to import the other.
 */
export type CookieSession = { user: PublicUser | null; sessionId: string | null };

/** The user for a signed session-cookie value, or nulls; a tampered or stale cookie is simply no session. */
export async function sessionFromCookieValue(db: Db, signed: string | null | undefined, secret: string): Promise<CookieSession> {
  const sessionId = verifyCookieValue(signed, secret);
  if (!sessionId) return { user: null, sessionId: null };
  const user = await resolveSession(db, sessionId);
  return user ? { user, sessionId } : { user: null, sessionId: null };
}

/** The same, for a whole Cookie header. */
export function sessionFromCookies(db: Db, cookieHeader: string | null, secret: string): Promise<CookieSession> {
  return sessionFromCookieValue(db, readCookie(cookieHeader, SESSION_COOKIE), secret);
}
