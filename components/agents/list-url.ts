import { AGENT_ROLES, type AgentRole } from '@/lib/agent-roles';

/** The Agents list's search, kept in the address (`/agents?q=session:6f1c&role=companion`) so it can be linked. */
export interface AgentListSearch {
  query: string;
  role: AgentRole | 'other' | null;
}

const ROLE_VALUES: readonly string[] = [...AGENT_ROLES, 'other'];

/** The search in these query parameters; an unknown role is left out. */
export function searchFromParams(params: URLSearchParams): AgentListSearch {
  const role = params.get('role');
  return { query: params.get('q') ?? '', role: role && ROLE_VALUES.includes(role) ? (role as AgentRole | 'other') : null };
}

/** The list's address for a search (`/agents` when there is none). */
export function agentListHref(s: AgentListSearch): string {
  const params = new URLSearchParams();
  if (s.query.trim()) params.set('q', s.query.trim());
  if (s.role) params.set('role', s.role);
  const qs = params.toString();
  return qs ? `/agents?${qs}` : '/agents';
}

/** The list of agents carrying this tag (a tag chip links there). */
export const tagSearchHref = (tag: string) => agentListHref({ query: /\s/.test(tag) ? `"${tag}"` : tag, role: null });

/** One agent's page. */
export const agentHref = (agentId: string) => `/agents/${encodeURIComponent(agentId)}`;
