import type { AgentSummary, MemoryBlock } from '../../contracts/agent-platform.ts';
import type { LettaAgent, LettaBlock } from './schemas.ts';

/** What Letta returns (schemas.ts), read into the agent platform's own shapes. */
export function toAgentSummary(agent: LettaAgent): AgentSummary {
  const blocks = agent.blocks ?? agent.memory?.blocks ?? [];
  const group = agent.managed_group ?? agent.multi_agent_group;
  const template = agent.metadata?.dcf_template;
  return {
    id: agent.id,
    name: agent.name,
    template: typeof template === 'string' ? template : null,
    tags: agent.tags ?? [],
    tools: (agent.tools ?? []).flatMap((t) => (t.name ? [t.name] : [])),
    block_ids: blocks.map((b) => b.id),
    sleeptime_agent_id: group?.manager_type === 'sleeptime' ? (group.agent_ids.find((id) => id !== agent.id) ?? null) : null,
    created_at: agent.created_at ?? '',
    model: agent.model ?? agent.llm_config?.model ?? null,
  };
}

export function toMemoryBlock(block: LettaBlock): MemoryBlock {
  return {
    id: block.id,
    label: block.label ?? '',
    value: block.value,
    limit: block.limit ?? 20_000,
    description: block.description ?? null,
    read_only: block.read_only ?? false,
  };
}
