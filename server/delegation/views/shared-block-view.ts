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

export async function sharedBlockView(hub: DelegationHub, label: SharedBlockView['label'], blockId: string): Promise<SharedBlockView> {
  const revisions = await hub.blocks.revisions(blockId, REVISIONS_LISTED);
  const recorded = revisions[0] ?? null;
  const summaries = revisions.map((r) => ({ revision: r.revision, writer: r.writer, reason: r.reason, at: r.at.toISOString(), chars: r.value.length }));
  try {
    const current = await hub.blocks.read(blockId);
    if (current) {
      return { label, block_id: blockId, on_platform: true, value: current.value, revision: current.revision, limit: current.block.limit, description: current.block.description ?? null, revisions: summaries, read_error: null };
    }
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { label, block_id: blockId, on_platform: true, value: recorded?.value ?? null, revision: recorded?.revision ?? 0, limit: null, description: null, revisions: summaries, read_error: why };
  }
  return { label, block_id: blockId, on_platform: false, value: recorded?.value ?? null, revision: recorded?.revision ?? 0, limit: null, description: null, revisions: summaries, read_error: null };
}
