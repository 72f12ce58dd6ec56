/**
 * The four console roles (issue "Auth, roles, audit") and their names for people. A pure module
 * with no imports, so the browser bundle can use it; the database enum is built from ROLES.
 * Order is display order, not a hierarchy: each procedure lists the roles it allows.
 */
export const ROLES = ['compliance_manager', 'workflow_designer', 'admin', 'stakeholder'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  compliance_manager: 'Compliance manager',
  workflow_designer: 'Workflow designer',
  admin: 'Admin',
  stakeholder: 'Stakeholder',
};

/** Who edits and saves workflows (and their drafts): designers and admins. */
export const WORKFLOW_EDITORS: readonly Role[] = ['workflow_designer', 'admin'];
/** Who starts, cancels, retries and redrives runs: designers, compliance managers and admins. */
export const WORKFLOW_RUNNERS: readonly Role[] = ['workflow_designer', 'compliance_manager', 'admin'];
/** Who chats with agents (the Planner starts runs and saves workflows): everyone but read-only stakeholders. */
/** Who reads and starts agent evaluations (issue 30): the people who shape the agents' work, not its readers. */
export const EVALUATORS: readonly Role[] = ['workflow_designer', 'admin'];
export const CHAT_ROLES: readonly Role[] = ['compliance_manager', 'workflow_designer', 'admin'];
/** Who reviews QA results (agree/override, sign off): compliance managers and admins; everyone else reads. */
export const QA_REVIEWERS: readonly Role[] = ['compliance_manager', 'admin'];

/**
 * Where each role lands after sign-in and at `/` (issue 16): where its work is — compliance managers
 * on the QA queue, designers on Workflows, admins on Runs, stakeholders on the dashboard. A return
 * path (`/sign-in?next=…`) still wins: the home is for a sign-in that asked for no page.
 */
export const ROLE_HOMES: Record<Role, string> = {
  compliance_manager: '/qa',
  workflow_designer: '/workflows',
  admin: '/runs',
  stakeholder: '/dashboard',
};

export const homeFor = (role: Role): string => ROLE_HOMES[role];
