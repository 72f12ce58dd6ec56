import { AGENT_ROLE_LABELS, agentRoleOf, type AgentRole } from './agent-roles.ts';

/** What the Agents view searches in: the platform's summary plus the chat conversation it serves. */
export interface SearchableAgent {
  id: string;
  name: string;
  template: string | null;
  tags: readonly string[];
  created_at: string;
  conversation?: { title: string; owner_email: string | null; owner_name: string | null } | null;
}

/**
 * A search as typed: `key:value` words are tags (`session:6f1c…`, `run:…`, `role:companion`,
 * `conversation:…`), matched exactly or by their start, so a pasted id prefix finds its agents;
 * other words — or "quoted phrases" — must each appear, case-insensitively, in the agent's id,
 * name, template, role, a tag, or its conversation's title or owner.
 */
export interface AgentQuery {
  tags: string[];
  words: string[];
}

const TAG_WORD = /^[a-z][a-z0-9_-]*:\S+$/i;

export function parseAgentQuery(text: string): AgentQuery {
  const out: AgentQuery = { tags: [], words: [] };
  for (const m of text.matchAll(/"([^"]*)"|(\S+)/g)) {
    const phrase = m[1]?.trim();
    if (phrase) out.words.push(phrase.toLowerCase());
    const word = m[2];
    if (!word) continue;
    if (TAG_WORD.test(word)) out.tags.push(word.toLowerCase());
    else out.words.push(word.toLowerCase());
  }
  return out;
}

function matches(agent: SearchableAgent, q: AgentQuery): boolean {
  const tags = agent.tags.map((t) => t.toLowerCase());
  if (!q.tags.every((t) => tags.some((have) => have === t || have.startsWith(t)))) return false;
  if (!q.words.length) return true;
  const role = agentRoleOf(agent);
  const c = agent.conversation;
  const fields = [
    agent.id,
    agent.name,
    agent.template,
    role ? AGENT_ROLE_LABELS[role] : null,
    ...agent.tags,
    c?.title,
    c?.owner_email,
    c?.owner_name,
  ];
  const haystack = fields.filter(Boolean).join('\n').toLowerCase();
  return q.words.every((w) => haystack.includes(w));
}

export type RoleCounts = Record<AgentRole | 'other', number>;

export interface AgentSearchResult<T> {
  /** The page asked for, newest first. */
  agents: T[];
  /** How many agents match the search and the role. */
  total: number;
  /** How many agents match the search, per role (the role filter's counts). */
  roles: RoleCounts;
}

export interface AgentSearchOptions {
  text?: string;
  role?: AgentRole | 'other';
  offset?: number;
  limit: number;
}

/**
 * Filters agents by the typed search and a role, newest first, and cuts one page
 * (`offset`, `limit`). Role counts ignore the role filter, so each option says what it would show.
 */
export function searchAgents<T extends SearchableAgent>(agents: readonly T[], opts: AgentSearchOptions): AgentSearchResult<T> {
  const q = parseAgentQuery(opts.text ?? '');
  const found = agents.filter((a) => matches(a, q));
  const roles: RoleCounts = { planner: 0, conductor: 0, companion: 0, strategist: 0, worker: 0, sleeptime: 0, other: 0 };
  for (const a of found) roles[agentRoleOf(a) ?? 'other']++;
  const ofRole = opts.role ? found.filter((a) => (agentRoleOf(a) ?? 'other') === opts.role) : found;
  const sorted = [...ofRole].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || a.id.localeCompare(b.id));
  const offset = opts.offset ?? 0;
  return { agents: sorted.slice(offset, offset + opts.limit), total: sorted.length, roles };
}
