import type { Actor } from '../contracts/audit-actor.ts';
import { DelegationError } from './errors.ts';
import type { DelegationHub } from './hub.ts';

export interface SharedBlockView {
  block_id: string;
  label: string;
  value: string;
  description: string | null;
  limit: number;
  read_only: boolean;
  /** The other agents holding it. */
  shared_with: string[];
}

/**
 * read_shared_memory_blocks: another agent's shared memory — the blocks in its core memory that
 * at least one other agent also holds — read-only (this tool never writes). An agent may read
 * only an agent it shares a block with (the Strategist reading its Conductor's); people and the
 * system may read any. `labels` narrows the answer.
 */
export async function readSharedMemoryBlocks(
  hub: DelegationHub,
  actor: Actor,
  agentId: string,
  labels?: string[],
): Promise<SharedBlockView[]> {
  if (!(await hub.platform.getAgent(agentId))) throw new DelegationError('not_found', `no agent ${agentId}`);
  const shared: SharedBlockView[] = [];
  for (const b of await hub.platform.listAgentBlocks(agentId)) {
    if (labels?.length && !labels.includes(b.label)) continue;
    const holders = await hub.platform.listBlockAgents(b.id);
    const others = holders.filter((h) => h !== agentId);
    if (!others.length) continue;
    shared.push({
      block_id: b.id,
      label: b.label,
      value: b.value,
      description: b.description ?? null,
      limit: b.limit,
      read_only: b.read_only ?? false,
      shared_with: others,
    });
  }
  if (actor.kind === 'agent' && actor.id !== agentId && !shared.some((b) => b.shared_with.includes(actor.id))) {
    throw new DelegationError(
      'forbidden',
      `you (${actor.id}) share no memory block with ${agentId}, so you may not read its shared blocks`,
    );
  }
  return shared;
}
