import { AGENT_ROLE_LABELS, AGENT_ROLES } from '@/lib/agent-roles';
import type { PlanningAgent } from './answers';

/**
 * The Findings filter's agents grouped by role, in the roles' order (planners first, workers late),
 * each group in the order the server sent (by name); agents of no known role last, as "Other".
 * Pure.
 */
export function groupByRole(agents: readonly PlanningAgent[]): Array<[label: string, agents: PlanningAgent[]]> {
  const groups: Array<[string, PlanningAgent[]]> = [...AGENT_ROLES, null].map((role) => [
    role === null ? 'Other' : `${AGENT_ROLE_LABELS[role]}s`,
    agents.filter((a) => (a.role ?? null) === role),
  ]);
  return groups.filter(([, list]) => list.length > 0);
}
