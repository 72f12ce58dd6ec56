import type { Db } from '../../db/client.ts';
import type { DelegationHub } from '../../delegation/hub.ts';
import { sessionOfAgent } from '../../delegation/sessions.ts';
import type { AgentSummary, MemoryBlock } from '../../contracts/agent-platform.ts';
import { agentRoleOf, type AgentRole } from '../../../lib/agent-roles.ts';
import { agentToolInfo, type AgentToolInfo } from './agent-tools-info.ts';
import { conversationsOfAgents, type AgentConversation } from './conversations-of-agents.ts';

/** Another agent, named: whom a block is shared with, a sleep-time companion, a session's Conductor. */
export interface AgentRef {
  id: string;
  name: string;
  role: AgentRole | null;
}

/** A core-memory block as the admin sees it: its rules, who else holds it, and how many host writes it has had. */
export interface AgentBlockView extends MemoryBlock {
  description: string | null;
  read_only: boolean;
  chars: number;
  /** The other agents whose core memory holds this same block (an edit changes it for them too). */
  shared_with: AgentRef[];
  /** The latest recorded revision (0: the host never wrote it). */
  revision: number;
}

export interface AgentSessionView {
  id: string;
  status: 'active' | 'finalized';
  conductor: AgentRef | null;
  /** Null once the Strategist was deleted (its id stays in `strategist_id`). */
  strategist: AgentRef | null;
  strategist_id: string | null;
  created_at: string;
  finalized_at: string | null;
}

export interface AgentDetail {
  id: string;
  name: string;
  role: AgentRole | null;
  template: string | null;
  created_at: string;
  tags: string[];
  tools: AgentToolInfo[];
  blocks: AgentBlockView[];
  conversation: AgentConversation | null;
  session: AgentSessionView | null;
  /** Its sleep-time companion, or for a sleep-time agent the agent it serves. */
  sleeptime_agent: AgentRef | null;
  serves: AgentRef | null;
}

const refOf = (a: AgentSummary): AgentRef => ({ id: a.id, name: a.name, role: agentRoleOf(a) });

/**
 * Everything the Agents view shows about one agent: its summary, core memory (each block with
 * the agents that share it and its latest revision), tools described, tags, the conversation it
 * serves and the delegated-mode session it belongs to. Null when there is no such agent.
 */
export async function agentDetail(hub: DelegationHub, db: Db, agentId: string): Promise<AgentDetail | null> {
  const { platform } = hub;
  const agent = await platform.getAgent(agentId);
  if (!agent) return null;
  const blocks = await platform.listAgentBlocks(agentId);
  const [holders, revisions, conversations, session] = await Promise.all([
    Promise.all(blocks.map((b) => platform.listBlockAgents(b.id))),
    hub.blocks.latestRevisions(blocks.map((b) => b.id)),
    conversationsOfAgents(db, [agentId]),
    sessionOfAgent(hub, agentId),
  ]);
  const role = agentRoleOf(agent);
  const serves = role === 'sleeptime' ? ((await platform.listAgents()).find((a) => a.sleeptime_agent_id === agentId) ?? null) : null;
  const linked = [agent.sleeptime_agent_id, session?.conductorId, session?.strategistId];
  const wanted = new Set([...holders.flat(), ...linked].filter((id): id is string => !!id && id !== agentId));
  const others = new Map(
    (await Promise.all([...wanted].map((id) => platform.getAgent(id)))).flatMap((a) => (a ? [[a.id, refOf(a)] as const] : [])),
  );
  const ref = (id: string | null | undefined): AgentRef | null => (id ? (others.get(id) ?? null) : null);
  return {
    id: agent.id,
    name: agent.name,
    role,
    template: agent.template,
    created_at: agent.created_at,
    tags: agent.tags,
    tools: agent.tools.map(agentToolInfo),
    blocks: blocks.map((b, i) => ({
      ...b,
      description: b.description ?? null,
      read_only: b.read_only ?? false,
      chars: b.value.length,
      shared_with: holders[i]!.filter((id) => id !== agentId).map((id) => others.get(id) ?? { id, name: id, role: null }),
      revision: revisions.get(b.id) ?? 0,
    })),
    conversation: conversations.get(agentId) ?? null,
    session: session
      ? {
          id: session.id,
          status: session.status,
          conductor: session.conductorId === agentId ? refOf(agent) : ref(session.conductorId),
          strategist: session.strategistId === agentId ? refOf(agent) : ref(session.strategistId),
          strategist_id: session.strategistId,
          created_at: session.createdAt.toISOString(),
          finalized_at: session.finalizedAt?.toISOString() ?? null,
        }
      : null,
    sleeptime_agent: ref(agent.sleeptime_agent_id),
    serves: serves ? refOf(serves) : null,
  };
}
