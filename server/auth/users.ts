import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, type Role, type UserRow } from '../db/schema/index.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';

/** What the rest of the app sees of a user: never the password hash. */
export type PublicUser = Pick<UserRow, 'id' | 'email' | 'displayName' | 'role' | 'createdAt' | 'disabledAt'>;

export function toPublicUser(row: UserRow): PublicUser {
  const { id, email, displayName, role, createdAt, disabledAt } = row;
  return { id, email, displayName, role, createdAt, disabledAt };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function listUsers(db: Db): Promise<PublicUser[]> {
  return (await db.select().from(users).orderBy(asc(users.email))).map(toPublicUser);
}

export type NewUser = { email: string; displayName: string; role: Role; password: string };

/** Creates a user; returns `email_taken` rather than throwing when the email exists. */
export async function createUser(db: Db, input: NewUser): Promise<{ ok: true; user: PublicUser } | { ok: false; reason: 'email_taken' }> {
  if (await findUserByEmail(db, input.email)) return { ok: false, reason: 'email_taken' };
  const [row] = await db
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      displayName: input.displayName,
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return { ok: true, user: toPublicUser(row!) };
}

/**
 * Checks credentials. Unknown emails still cost one scrypt verification (against a decoy hash),
 * so response time does not reveal which emails have accounts. Disabled users cannot sign in.
 */
export async function authenticate(db: Db, email: string, password: string): Promise<PublicUser | null> {
  const row = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, row?.passwordHash ?? (await decoyHash()));
  if (!row || !ok || row.disabledAt) return null;
  return toPublicUser(row);
}

export async function setUserRole(db: Db, id: string, role: Role): Promise<PublicUser | null> {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, id)).returning();
  return row ? toPublicUser(row) : null;
}

export async function setUserDisabled(db: Db, id: string, disabled: boolean): Promise<PublicUser | null> {
  const [row] = await db
    .update(users)
    .set({ disabledAt: disabled ? new Date() : null })
    .where(eq(users.id, id))
    .returning();
  return row ? toPublicUser(row) : null;
}

export async function setUserPassword(db: Db, id: string, password: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length === 1;
}
