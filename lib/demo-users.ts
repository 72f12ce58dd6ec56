import type { Role } from './roles.ts';

/**
 * One demo user per role, seeded by the embedded default (DCF_DEMO_USERS; server/auth/demo-users.ts),
 * printed by the run command and listed on the sign-in page of a demo console. The passwords are
 * public by design: never enable demo users on a reachable deployment.
 */
export const DEMO_USERS: ReadonlyArray<{ email: string; displayName: string; role: Role; password: string }> = [
  { email: 'compliance@demo.dcf', displayName: 'Casey Compliance', role: 'compliance_manager', password: 'demo-compliance' },
  { email: 'designer@demo.dcf', displayName: 'Dana Designer', role: 'workflow_designer', password: 'demo-designer' },
  { email: 'admin@demo.dcf', displayName: 'Avery Admin', role: 'admin', password: 'demo-admin' },
  { email: 'stakeholder@demo.dcf', displayName: 'Sam Stakeholder', role: 'stakeholder', password: 'demo-stakeholder' },
];
