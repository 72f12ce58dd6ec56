import type { Db } from '../../db/client.ts';
import { tagValue } from '../../../lib/tags.ts';
import type { AgentPlatform } from '../../contracts/agent-platform.ts';
import { agentRoleOf, type AgentRole } from '../../../lib/agent-roles.ts';
import { searchAgents, type RoleCounts } from '../../../lib/agent-search.ts';
import { conversationsOfAgents, type AgentConversation } from './conversations-of-agents.ts';

/** One row of the Agents list. */
export interface AgentListRow {
  id: string;
  name: string;
  role: AgentRole | null;
  template: string | null;
  tags: string[];
  created_at: string;
  tool_count: number;
  block_count: number;
  conversation: AgentConversation | null;
  session_id: string | null;
  run_id: string | null;
}

export interface AgentListPage {
  agents: AgentListRow[];
  total: number;
  roles: RoleCounts;
  /** The offset of the next page, or null when this was the last. */
  next_offset: number | null;
}

/**
 * The platform's agents found by the admin's search (agent-search.ts), with the chat
 * conversation each serves, newest first, one page at a time. The platform lists every agent
 * and the search runs here: the port finds agents by exact tags or name only, and an admin
 * searches by parts of names, ids, tags and conversation titles.
 */
export async function listAgentsForAdmin(
  platform: AgentPlatform,
  db: Db,
  opts: { text?: string; role?: AgentRole | 'other'; offset: number; limit: number },
): Promise<AgentListPage> {
  const [agents, conversations] = await Promise.all([platform.listAgents(), conversationsOfAgents(db)]);
  const searchable = agents.map((a) => ({ ...a, conversation: conversations.get(a.id) ?? null }));
  const found = searchAgents(searchable, opts);
  const next = opts.offset + found.agents.length;
  return {
    agents: found.agents.map((a) => ({
      id: a.id,
      name: a.name,
      role: agentRoleOf(a),
      template: a.template,
      tags: a.tags,
      created_at: a.created_at,
      tool_count: a.tools.length,
      block_count: a.block_ids.length,
      conversation: a.conversation,
      session_id: tagValue(a.tags, 'session:'),
      run_id: tagValue(a.tags, 'run:'),
    })),
    total: found.total,
    roles: found.roles,
    next_offset: next < found.total ? next : null,
  };
}
