import type { Db } from '../db/client.ts';
import type { Role } from '../db/schema/index.ts';
import { createUser, findUserByEmail, setUserDisabled, setUserPassword, setUserRole } from './users.ts';
import { verifyPassword } from './password.ts';

/**
 * One demo user per role, seeded by the embedded default (DCF_DEMO_USERS) and printed by the run
 * command. The passwords are public by design: never enable demo users on a reachable deployment.
 */
export const DEMO_USERS: ReadonlyArray<{ email: string; displayName: string; role: Role; password: string }> = [
  { email: 'compliance@demo.dcf', displayName: 'Casey Compliance', role: 'compliance_manager', password: 'demo-compliance' },
  { email: 'designer@demo.dcf', displayName: 'Dana Designer', role: 'workflow_designer', password: 'demo-designer' },
  { email: 'admin@demo.dcf', displayName: 'Avery Admin', role: 'admin', password: 'demo-admin' },
  { email: 'stakeholder@demo.dcf', displayName: 'Sam Stakeholder', role: 'stakeholder', password: 'demo-stakeholder' },
];

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
