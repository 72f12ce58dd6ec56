import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { newSessionId } from './cookie.ts';
import { toPublicUser, type PublicUser } from './users.ts';

/** Starts a session for a user; returns its id (to be signed into the cookie) and expiry. */
export async function createSession(db: Db, userId: string, ttlHours: number, userAgent?: string | null) {
  const id = newSessionId();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await db.insert(sessions).values({ id, userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { id, expiresAt };
}

/** The user behind a live session, or null when the session is unknown, expired, or its user is disabled. */
export async function resolveSession(db: Db, sessionId: string): Promise<PublicUser | null> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), isNull(users.disabledAt)))
    .limit(1);
  return row ? toPublicUser(row.user) : null;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (role change, disabling, password reset). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes expired rows; called opportunistically at sign-in. */
export async function pruneExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
