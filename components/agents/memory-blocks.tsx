import { EmptyState } from '@/components/ui/states';
import { countText } from './format';
import { BlockCard } from './block-card';
import type { AgentDetail } from './types';

/** The agent's core memory, in the order the agent sees it, with the total it holds. */
export function MemoryBlocks({ agent }: { agent: AgentDetail }) {
  if (!agent.blocks.length) return <EmptyState title="No memory blocks">This agent’s core memory is empty.</EmptyState>;
  const chars = agent.blocks.reduce((n, b) => n + b.chars, 0);
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600">
        {agent.blocks.length} blocks, {countText(chars)} characters in all — what the agent sees in its context on every step, in this
        order.
      </p>
      {agent.blocks.map((b) => (
        <BlockCard key={b.id} agent={agent} block={b} />
      ))}
    </div>
  );
}
