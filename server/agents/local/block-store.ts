import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentBlocks, memoryBlocks, type MemoryBlockRow } from '../../db/schema/agents.ts';
import type { MemoryBlock } from '../../contracts/agent-platform.ts';
import { AgentPlatformError } from './errors.ts';

/** Our default block size (the port: "ours 20000"). */
export const DEFAULT_BLOCK_LIMIT = 20_000;

export type NewBlock = {
  label: string;
  value: string;
  limit?: number;
  description?: string | null;
  read_only?: boolean;
  metadata?: Record<string, unknown>;
};

/** The outcome of an agent's edit of one of its blocks (a tool result, never an exception). */
export type BlockEdit = { ok: true; block: MemoryBlock } | { ok: false; error: string };

export function toMemoryBlock(r: MemoryBlockRow): MemoryBlock {
  return { id: r.id, label: r.label, value: r.value, limit: r.limit, description: r.description, read_only: r.readOnly };
}

/**
 * Memory blocks and their attachment to agents. A block attached to several agents is one row:
 * an update is seen by all of them at their next step. Agents' edits lock the row, so two agents
 * editing a shared block at once never lose each other's change.
 */
export class BlockStore {
  constructor(private readonly db: Db) {}

  async create(b: NewBlock, ownerAgentId: string | null = null, db: Db = this.db): Promise<MemoryBlock> {
    const limit = b.limit ?? DEFAULT_BLOCK_LIMIT;
    if (!Number.isInteger(limit) || limit < 1)
      throw new AgentPlatformError('invalid', `block "${b.label}": limit must be a positive integer`);
    if (b.value.length > limit)
      throw new AgentPlatformError('invalid', `block "${b.label}": value has ${b.value.length} characters, over its limit of ${limit}`);
    const [row] = await db
      .insert(memoryBlocks)
      .values({
        id: `block-${randomUUID()}`,
        label: b.label,
        value: b.value,
        limit,
        description: b.description ?? null,
        readOnly: b.read_only ?? false,
        ownerAgentId,
        metadata: b.metadata ?? {},
      })
      .returning();
    return toMemoryBlock(row!);
  }

  async get(blockId: string): Promise<MemoryBlock | null> {
    const [row] = await this.db.select().from(memoryBlocks).where(eq(memoryBlocks.id, blockId));
    return row ? toMemoryBlock(row) : null;
  }

  /** The host's update (read-only blocks too: read_only binds agents only). */
  async update(blockId: string, patch: { value?: string; description?: string; limit?: number }): Promise<MemoryBlock> {
    const current = await this.get(blockId);
    if (!current) throw new AgentPlatformError('not_found', `no block ${blockId}`);
    const limit = patch.limit ?? current.limit;
    const value = patch.value ?? current.value;
    if (value.length > limit)
      throw new AgentPlatformError('invalid', `block "${current.label}": value has ${value.length} characters, over its limit of ${limit}`);
    const [row] = await this.db
      .update(memoryBlocks)
      .set({ value, limit, ...(patch.description !== undefined ? { description: patch.description } : {}), updatedAt: new Date() })
      .where(eq(memoryBlocks.id, blockId))
      .returning();
    return toMemoryBlock(row!);
  }

  async delete(blockId: string): Promise<boolean> {
    const rows = await this.db.delete(memoryBlocks).where(eq(memoryBlocks.id, blockId)).returning({ id: memoryBlocks.id });
    return rows.length > 0;
  }

  /** The agent's core memory, in attachment order. */
  async ofAgent(agentId: string): Promise<MemoryBlock[]> {
    const rows = await this.db
      .select({ b: memoryBlocks })
      .from(agentBlocks)
      .innerJoin(memoryBlocks, eq(agentBlocks.blockId, memoryBlocks.id))
      .where(eq(agentBlocks.agentId, agentId))
      .orderBy(asc(agentBlocks.position));
    return rows.map((r) => toMemoryBlock(r.b));
  }

  async attach(agentId: string, blockId: string, db: Db = this.db): Promise<void> {
    await db.execute(sql`
      insert into agent_blocks (agent_id, block_id, position)
      select ${agentId}, ${blockId}, coalesce(max(position), -1) + 1 from agent_blocks where agent_id = ${agentId}
      on conflict (agent_id, block_id) do nothing`);
  }

  async detach(agentId: string, blockId: string): Promise<void> {
    await this.db.delete(agentBlocks).where(and(eq(agentBlocks.agentId, agentId), eq(agentBlocks.blockId, blockId)));
  }

  async agentsOf(blockId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: agentBlocks.agentId })
      .from(agentBlocks)
      .where(eq(agentBlocks.blockId, blockId))
      .orderBy(asc(agentBlocks.agentId));
    return rows.map((r) => r.id);
  }

  /**
   * An agent's edit of its block `label`: `edit` maps the current value to the new one (or to an
   * error). Refused for read-only blocks and values over the limit. The block row is locked for
   * the read-modify-write, so agents editing a shared block at once apply their edits one after
   * the other and none is lost.
   */
  async edit(agentId: string, label: string, edit: (value: string) => string | { error: string }): Promise<BlockEdit> {
    const [held] = await this.db
      .select({ id: memoryBlocks.id })
      .from(agentBlocks)
      .innerJoin(memoryBlocks, eq(agentBlocks.blockId, memoryBlocks.id))
      .where(and(eq(agentBlocks.agentId, agentId), eq(memoryBlocks.label, label)))
      .orderBy(asc(agentBlocks.position))
      .limit(1);
    if (!held) return { ok: false, error: `no memory block labelled "${label}" in your core memory` };
    return this.db.transaction(async (tx): Promise<BlockEdit> => {
      const [block] = await tx.select().from(memoryBlocks).where(eq(memoryBlocks.id, held.id)).for('update');
      if (!block) return { ok: false, error: `the block "${label}" was deleted` };
      if (block.readOnly) return { ok: false, error: `the block "${label}" is read-only` };
      const next = edit(block.value);
      if (typeof next !== 'string') return { ok: false, error: next.error };
      if (next.length > block.limit)
        return {
          ok: false,
          error:
            `the edit would make "${label}" ${next.length} characters long, over its limit of ${block.limit}; ` +
            'shorten it or move details to archival memory',
        };
      const [updated] = await tx
        .update(memoryBlocks)
        .set({ value: next, updatedAt: new Date() })
        .where(eq(memoryBlocks.id, block.id))
        .returning();
      return { ok: true, block: toMemoryBlock(updated!) };
    });
  }
}
