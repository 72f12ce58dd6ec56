import 'server-only';
import { headers } from 'next/headers';
import { requireUser } from './current-user.ts';
import type { PublicUser } from '../auth/users.ts';

/**
 * The signed-in user for a console page (server components). Like the console layout, a visitor
 * without a session goes to sign-in and comes back to the exact URL asked for, query included.
 */
export async function pageUser(): Promise<PublicUser> {
  const path = (await headers()).get('x-dcf-path') ?? '/skills';
  return requireUser(path);
}
