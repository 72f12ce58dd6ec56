import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Role } from '../db/schema/index.ts';
import type { PublicUser } from '../auth/users.ts';
import { SESSION_COOKIE } from '../auth/cookie.ts';
import { cookieSecret, database } from './services.ts';
import { sessionFromCookieValue } from '../auth/session-cookie.ts';

/** The signed-in user for the current page request (server components only), or null. */
export async function currentUser(): Promise<PublicUser | null> {
  const value = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!value) return null;
  const { db } = await database();
  const { user } = await sessionFromCookieValue(db, value, await cookieSecret());
  return user;
}

/** The signed-in user, or a redirect to the sign-in page (which returns here afterwards). */
export async function requireUser(returnTo: string): Promise<PublicUser> {
  const user = await currentUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(returnTo)}`);
  return user;
}

/** Whether a role may see a page or action; the server enforces the same sets in tRPC. */
export function allows(user: PublicUser, roles: readonly Role[]): boolean {
  return roles.includes(user.role);
}
