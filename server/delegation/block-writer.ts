import { desc, eq, sql } from 'drizzle-orm';
import type { AgentPlatform, MemoryBlock } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { blockRevisions, type BlockRevisionRow } from '../db/schema/delegation.ts';
import { KeyedLock } from '../../lib/keyed-lock.ts';

/** A write the block's rules refuse (over its limit, or a partition that is not the writer's), in words for the caller. */
export class BlockWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockWriteError';
  }
}

const lock = new KeyedLock();
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * Host writes of memory blocks with their revision history (`block_revisions`): the shared
 * blocks of delegated mode (written only through the tools; agents hold them read-only) and an
 * admin's edit in the Agents view. A write is a read-modify-write of the latest revision: one at
 * a time per block in this process, and a concurrent writer in another process loses the race
 * for the next revision number and tries again. The platform's block then gets the value; the
 * history is what the Companions page shows.
 */
export class BlockWriter {
  constructor(
    private readonly db: Db,
    private readonly platform: AgentPlatform,
  ) {}

  /** Creates a block on the platform and records its first value as revision 1. */
  async create(
    block: { label: string; value: string; limit: number; description: string; read_only?: boolean },
    writer: string,
    reason: string,
  ): Promise<MemoryBlock> {
    if (block.value.length > block.limit)
      throw new BlockWriteError(`${block.label} would be ${block.value.length} characters, over its limit of ${block.limit}`);
    const created = await this.platform.createBlock(block);
    await this.db
      .insert(blockRevisions)
      .values({ blockId: created.id, label: created.label, revision: 1, value: created.value, writer, reason });
    return created;
  }

  /** The block's value now: its latest recorded revision, else the platform's value (a block the host never wrote). */
  async read(blockId: string): Promise<{ value: string; revision: number; block: MemoryBlock } | null> {
    const block = await this.platform.getBlock(blockId);
    if (!block) return null;
    const [latest] = await this.db
      .select()
      .from(blockRevisions)
      .where(eq(blockRevisions.blockId, blockId))
      .orderBy(desc(blockRevisions.revision))
      .limit(1);
    return latest ? { value: latest.value, revision: latest.revision, block } : { value: block.value, revision: 0, block };
  }

  /**
   * Applies `edit` to the block's current value and writes the result as the next revision.
   * `edit` may throw BlockWriteError to refuse; a result over the block's limit is refused the
   * same way. Returns the new value and revision.
   */
  async update(
    blockId: string,
    edit: (current: string) => string,
    writer: string,
    reason: string,
  ): Promise<{ value: string; revision: number; block: MemoryBlock }> {
    return lock.run(blockId, async () => {
      for (let attempt = 0; ; attempt++) {
        const current = await this.read(blockId);
        if (!current) throw new BlockWriteError(`no block ${blockId}`);
        const value = edit(current.value);
        if (value.length > current.block.limit) {
          throw new BlockWriteError(`${current.block.label} would be ${value.length} characters, over its limit of ${current.block.limit}`);
        }
        if (value === current.value && current.revision > 0) return current;
        const revision = current.revision + 1;
        try {
          if (current.revision === 0 && current.value !== value) {
            // First host write of a block made elsewhere: its value so far becomes revision 1.
            await this.db.insert(blockRevisions).values({
              blockId,
              label: current.block.label,
              revision: 1,
              value: current.value,
              writer: 'platform',
              reason: 'value before the first recorded write',
            });
            continue;
          }
          await this.db.insert(blockRevisions).values({ blockId, label: current.block.label, revision, value, writer, reason });
        } catch (err) {
          if (isUniqueViolation(err) && attempt < 5) continue;
          throw err;
        }
        const block = await this.platform.updateBlock(blockId, { value });
        await this.settle(blockId, revision);
        return { value, revision, block };
      }
    });
  }

  /** Newest first. */
  async revisions(blockId: string, limit = 50): Promise<BlockRevisionRow[]> {
    return this.db
      .select()
      .from(blockRevisions)
      .where(eq(blockRevisions.blockId, blockId))
      .orderBy(desc(blockRevisions.revision))
      .limit(limit);
  }

  /** Latest revision numbers of several blocks (0 for none). */
  async latestRevisions(blockIds: string[]): Promise<Map<string, number>> {
    const out = new Map(blockIds.map((id) => [id, 0]));
    if (!blockIds.length) return out;
    const rows = await this.db
      .select({ blockId: blockRevisions.blockId, revision: sql<number>`max(${blockRevisions.revision})::int` })
      .from(blockRevisions)
      .where(
        sql`${blockRevisions.blockId} in (${sql.join(
          blockIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
      .groupBy(blockRevisions.blockId);
    for (const r of rows) out.set(r.blockId, Number(r.revision));
    return out;
  }

  /**
   * Another process may have written a later revision whose platform write landed before ours:
   * the platform must end with the latest value, so it is written again if it is not.
   */
  private async settle(blockId: string, ours: number): Promise<void> {
    const [latest] = await this.db
      .select()
      .from(blockRevisions)
      .where(eq(blockRevisions.blockId, blockId))
      .orderBy(desc(blockRevisions.revision))
      .limit(1);
    if (latest && latest.revision > ours) await this.platform.updateBlock(blockId, { value: latest.value });
  }
}
