import { desc, eq, sql } from 'drizzle-orm';
import { blockRevisions } from '../../db/schema/delegation.ts';
import type { DelegationHub } from '../hub.ts';

/** One revision of a shared block, without its value (read one with `blockRevision`). */
export interface RevisionSummary {
  revision: number;
  /** An agent id, `user:<id>`, `system:<name>`, or `platform` (the value before the first recorded write). */
  writer: string;
  reason: string;
  at: string;
  chars: number;
}

/** A session's shared block: its value now and its revision history, newest first. */
export interface SharedBlockView {
  label: 'session_context' | 'delegation_log' | 'strategist_guidelines';
  block_id: string;
  /** False once the block is gone from the agent platform (finalize_session deletes it): the value is then its last recorded revision. */
  on_platform: boolean;
  value: string | null;
  revision: number;
  limit: number | null;
  description: string | null;
  revisions: RevisionSummary[];
  /** Why the platform could not be read (the value is then the last recorded revision). */
  read_error: string | null;
}

/** Revisions listed per block (the history keeps every one; older ones are read one at a time). */
export const REVISIONS_LISTED = 200;

/** The block's revisions newest first, without their values (a session's log has hundreds of 12 000-character values). */
async function revisionSummaries(hub: DelegationHub, blockId: string): Promise<RevisionSummary[]> {
  const rows = await hub.db
    .select({
      revision: blockRevisions.revision,
      writer: blockRevisions.writer,
      reason: blockRevisions.reason,
      at: blockRevisions.at,
      chars: sql<number>`length(${blockRevisions.value})::int`,
    })
    .from(blockRevisions)
    .where(eq(blockRevisions.blockId, blockId))
    .orderBy(desc(blockRevisions.revision))
    .limit(REVISIONS_LISTED);
  return rows.map((r) => ({ revision: r.revision, writer: r.writer, reason: r.reason, at: r.at.toISOString(), chars: Number(r.chars) }));
}

export async function sharedBlockView(hub: DelegationHub, label: SharedBlockView['label'], blockId: string): Promise<SharedBlockView> {
  const revisions = await revisionSummaries(hub, blockId);
  const base = { label, block_id: blockId, revisions };
  /** The last recorded value, when the platform's cannot be had. */
  const recorded = async (onPlatform: boolean, readError: string | null): Promise<SharedBlockView> => {
    const [latest] = await hub.blocks.revisions(blockId, 1);
    return {
      ...base,
      on_platform: onPlatform,
      value: latest?.value ?? null,
      revision: latest?.revision ?? 0,
      limit: null,
      description: null,
      read_error: readError,
    };
  };
  let current: Awaited<ReturnType<DelegationHub['blocks']['read']>>;
  try {
    current = await hub.blocks.read(blockId);
  } catch (err) {
    return recorded(true, err instanceof Error ? err.message : String(err));
  }
  if (!current) return recorded(false, null);
  const { block } = current;
  return {
    ...base,
    on_platform: true,
    value: current.value,
    revision: current.revision,
    limit: block.limit,
    description: block.description ?? null,
    read_error: null,
  };
}
