import type { Role } from '@/server/db/schema/users';

/**
 * The console's sections. `roles` mirrors what the server allows for the section's main
 * procedures; hiding a link is a courtesy, the tRPC layer is the enforcement.
 */
export type NavItem = { href: string; label: string; roles: readonly Role[]; comingIn?: string };

const ALL: readonly Role[] = ['compliance_manager', 'workflow_designer', 'admin', 'stakeholder'];

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/chat', label: 'Chat', roles: ['compliance_manager', 'workflow_designer', 'admin'], comingIn: 'Agents and chat' },
  { href: '/workflows', label: 'Workflows', roles: ALL },
  { href: '/runs', label: 'Runs', roles: ALL, comingIn: 'Workflow execution' },
  { href: '/skills', label: 'Skills', roles: ALL },
  { href: '/graph', label: 'Graph', roles: ALL, comingIn: 'The learning loop' },
  { href: '/companions', label: 'Companions', roles: ['admin', 'compliance_manager'], comingIn: 'Delegated mode' },
  { href: '/settings', label: 'Settings', roles: ALL },
];

export const ROLE_LABELS: Record<Role, string> = {
  compliance_manager: 'Compliance manager',
  workflow_designer: 'Workflow designer',
  admin: 'Admin',
  stakeholder: 'Stakeholder',
};
