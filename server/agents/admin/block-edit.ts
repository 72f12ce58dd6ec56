import { BlockWriteError } from '../../delegation/block-writer.ts';
import { recordEvent, type DelegationHub } from '../../delegation/hub.ts';
import { sessionOfAgent } from '../../delegation/sessions.ts';
import type { MemoryBlock } from '../../contracts/agent-platform.ts';
import { blockValueProblems } from '../../../lib/block-rules.ts';
import { AgentAdminError } from './errors.ts';

export interface BlockEditRequest {
  agentId: string;
  blockId: string;
  /** The new value, whole. */
  value: string;
  /** The value the admin started from: a block that no longer holds it is not overwritten. */
  expectedValue: string;
  /** Who writes (`user:<id>`), as block revisions record it. */
  writer: string;
  reason: string;
}

export interface BlockEditResult {
  changed: boolean;
  block: MemoryBlock;
  /** The block's latest revision after the edit. */
  revision: number;
  /** The delegated-mode session whose activity recorded the edit, if the agent is in one. */
  session_id: string | null;
  event_id: number | null;
}

/**
 * An admin's edit of a block in an agent's core memory, through the block writer (so it is a
 * revision with the admin as writer) — read-only blocks included: read-only binds agents, not
 * the host. Refused: an agent or block not there (or the block not in this agent's memory), a
 * value over the block's limit or that breaks its JSON document, and a block whose value is no
 * longer the one the admin started from (an agent or another admin wrote it meanwhile).
 *
 * The history only holds host writes: when the block's value differs from its latest revision
 * (an agent edited its own memory, or the console refreshed it), that value is recorded first
 * (writer `platform`), so the history shows what the admin replaced. The check against the
 * expected value and the write are not one transaction with agents' own edits: an agent editing
 * the block in that instant loses its edit to the admin's, as with any whole-value write.
 *
 * When the agent belongs to a delegated-mode session, the edit is also a `block_edited` event of
 * the session's activity.
 */
export async function editAgentBlock(hub: DelegationHub, r: BlockEditRequest): Promise<BlockEditResult> {
  const agent = await hub.platform.getAgent(r.agentId);
  if (!agent) throw new AgentAdminError('not_found', `no agent ${r.agentId}`);
  const block = (await hub.platform.listAgentBlocks(agent.id)).find((b) => b.id === r.blockId);
  if (!block) throw new AgentAdminError('not_found', `block ${r.blockId} is not in the core memory of ${agent.name}`);
  if (block.value !== r.expectedValue) {
    const why = 'the agent, the console or another admin wrote it';
    throw new AgentAdminError('conflict', `${block.label} changed since you opened it (${why}): reload it and make your edit again.`);
  }
  const problems = blockValueProblems(block, r.value);
  if (problems.length) throw new AgentAdminError('invalid_input', problems.map((p) => p.message).join(' '), problems);
  const recorded = await hub.blocks.read(block.id);
  const session = await sessionOfAgent(hub, agent.id);
  if (r.value === block.value)
    return { changed: false, block, revision: recorded?.revision ?? 0, session_id: session?.id ?? null, event_id: null };

  let written: { revision: number; block: MemoryBlock };
  try {
    if (recorded && recorded.revision > 0 && recorded.value !== block.value) {
      await hub.blocks.update(
        block.id,
        () => block.value,
        'platform',
        `value written outside the revision history after revision ${recorded.revision}`,
      );
    }
    written = await hub.blocks.update(block.id, () => r.value, r.writer, r.reason);
  } catch (err) {
    if (err instanceof BlockWriteError) throw new AgentAdminError('invalid_input', err.message);
    throw err;
  }
  const event = session
    ? await recordEvent(hub, {
        sessionId: session.id,
        kind: 'block_edited',
        actor: r.writer,
        subject: agent.id,
        payload: {
          block_id: block.id,
          label: block.label,
          revision: written.revision,
          chars: r.value.length,
          limit: block.limit,
          reason: r.reason,
        },
      })
    : null;
  return { changed: true, block: written.block, revision: written.revision, session_id: session?.id ?? null, event_id: event?.id ?? null };
}
