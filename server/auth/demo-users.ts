import type { Db } from '../db/client.ts';
import { createUser, findUserByEmail, setUserDisabled, setUserPassword, setUserRole } from './users.ts';
import { verifyPassword } from './password.ts';
import { DEMO_USERS } from '../../lib/demo-users.ts';

/** The list itself is pure data in lib/ (the sign-in page shows it); seeding it is the server's. */
export { DEMO_USERS };

/** Ensures each demo user exists, is enabled, has its role and its printed password (idempotent). */
export async function seedDemoUsers(db: Db): Promise<void> {
  for (const demo of DEMO_USERS) {
    const existing = await findUserByEmail(db, demo.email);
    if (!existing) {
      await createUser(db, demo);
      continue;
    }
    if (existing.role !== demo.role) await setUserRole(db, existing.id, demo.role);
    if (existing.disabledAt) await setUserDisabled(db, existing.id, false);
    if (!(await verifyPassword(demo.password, existing.passwordHash))) await setUserPassword(db, existing.id, demo.password);
  }
}
