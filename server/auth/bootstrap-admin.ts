import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { createUser } from './users.ts';

/**
 * Creates the first admin of a fresh deployment from DCF_ADMIN_EMAIL / DCF_ADMIN_PASSWORD.
 * Does nothing once any admin exists, so the variables can stay set without ever resetting a
 * password or re-creating a user an admin has removed.
 */
export async function bootstrapAdmin(db: Db, admin: { email: string; password: string }): Promise<'created' | 'exists'> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return 'exists';
  const created = await createUser(db, { email: admin.email, displayName: 'Administrator', role: 'admin', password: admin.password });
  // The email belongs to a non-admin account: promoting it silently would be a privilege escalation.
  if (!created.ok) throw new Error(`DCF_ADMIN_EMAIL ${admin.email} already belongs to a non-admin user; choose another email`);
  return 'created';
}
