/**
 * The parts agents play, as the Agents view names and filters them. An agent's role is its
 * `role:<name>` tag (every template sets one, and Letta keeps tags, so both platforms answer the
 * same); an agent without one falls back to its template's name (`planner@1.0.0` → planner).
 * A pure module: the browser uses it for labels and the role filter.
 */
export const AGENT_ROLES = ['planner', 'conductor', 'companion', 'strategist', 'worker', 'sleeptime'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

export const AGENT_ROLE_LABELS: Record<AgentRole, string> = {
  planner: 'Planner',
  conductor: 'Conductor',
  companion: 'Companion',
  strategist: 'Strategist',
  worker: 'Worker',
  sleeptime: 'Sleep-time',
};

const isRole = (s: string): s is AgentRole => (AGENT_ROLES as readonly string[]).includes(s);

/** The agent's role, or null when neither a role tag nor its template names one of ours. */
export function agentRoleOf(agent: { tags: readonly string[]; template: string | null }): AgentRole | null {
  for (const t of agent.tags) {
    if (t.startsWith('role:') && isRole(t.slice(5))) return t.slice(5) as AgentRole;
  }
  const name = agent.template?.split('@')[0] ?? '';
  return isRole(name) ? name : null;
}
