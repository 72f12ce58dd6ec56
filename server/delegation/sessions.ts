import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import { DELEGATION_LOG_DESCRIPTION, DELEGATION_LOG_LIMIT } from './delegation-log.ts';
import { emptyGuidelines, GUIDELINES_DESCRIPTION, GUIDELINES_LIMIT, renderGuidelines } from './guidelines.ts';
import { recordEvent, type DelegationHub } from './hub.ts';
import { newSessionContext, renderSessionContext, SESSION_CONTEXT_DESCRIPTION, SESSION_CONTEXT_LIMIT } from './session-context.ts';
import { DelegationError } from './errors.ts';
import { tagValue, withTag } from '../../lib/tags.ts';
import { roleTag, sessionTag } from './tags.ts';

export interface NewSessionSpec {
  session_id: string;
  conductor_id: string;
  goals?: unknown[];
  preferences?: Record<string, unknown>;
  /** Who acts (block revisions, events). */
  writer: string;
  ownerUserId?: string | null;
  conversationId?: string | null;
}

export interface SessionBlocks {
  session_context: string;
  delegation_log: string;
  strategist_guidelines: string;
}

export const blocksOf = (s: DelegationSessionRow): SessionBlocks => ({
  session_context: s.sessionContextBlockId,
  delegation_log: s.delegationLogBlockId,
  strategist_guidelines: s.guidelinesBlockId,
});

/**
 * create_session_context: the session's three shared blocks (read-only for agents: the host
 * writes them through the tools), attached to the Conductor, and the session's Strategist,
 * which holds `session_context` and `strategist_guidelines`. The Conductor is tagged with the
 * session. All or nothing: on any failure what was made is removed again.
 *
 * Calling it again for a session that exists with the same Conductor returns that session
 * (idempotent); another Conductor gets a conflict.
 */
export async function createSessionContext(
  hub: DelegationHub,
  spec: NewSessionSpec,
): Promise<{ session: DelegationSessionRow; created: boolean }> {
  const existing = await hub.store.session(spec.session_id);
  if (existing) {
    if (existing.conductorId !== spec.conductor_id)
      throw new DelegationError('conflict', `session ${spec.session_id} belongs to the Conductor ${existing.conductorId}`);
    if (existing.status !== 'active')
      throw new DelegationError('conflict', `session ${spec.session_id} was finalized; start a new session`);
    return { session: existing, created: false };
  }
  const conductor = await hub.platform.getAgent(spec.conductor_id);
  if (!conductor) throw new DelegationError('not_found', `no agent ${spec.conductor_id}`);
  if (conductor.tags.includes(roleTag('companion')) || conductor.tags.includes(roleTag('strategist'))) {
    throw new DelegationError(
      'invalid_input',
      `agent ${spec.conductor_id} is a ${conductor.tags.includes(roleTag('companion')) ? 'Companion' : 'Strategist'}, not a Conductor`,
    );
  }
  const made: { blocks: string[]; agents: string[]; attached: string[] } = { blocks: [], agents: [], attached: [] };
  try {
    const context = newSessionContext(spec.session_id, spec.conductor_id, spec.goals ?? [], spec.preferences ?? {});
    const reason = 'create_session_context';
    const sc = await hub.blocks.create(
      {
        label: 'session_context',
        value: renderSessionContext(context),
        limit: SESSION_CONTEXT_LIMIT,
        description: SESSION_CONTEXT_DESCRIPTION,
        read_only: true,
      },
      spec.writer,
      reason,
    );
    made.blocks.push(sc.id);
    const log = await hub.blocks.create(
      { label: 'delegation_log', value: '', limit: DELEGATION_LOG_LIMIT, description: DELEGATION_LOG_DESCRIPTION, read_only: true },
      spec.writer,
      reason,
    );
    made.blocks.push(log.id);
    const gl = await hub.blocks.create(
      {
        label: 'strategist_guidelines',
        value: renderGuidelines(seededGuidelines(hub)),
        limit: GUIDELINES_LIMIT,
        description: GUIDELINES_DESCRIPTION,
        read_only: true,
      },
      spec.writer,
      reason,
    );
    made.blocks.push(gl.id);
    const shared = { session_context: sc.id, delegation_log: log.id, strategist_guidelines: gl.id };
    await hub.blocks.update(
      sc.id,
      () => renderSessionContext({ ...context, shared_blocks: shared }),
      spec.writer,
      "the shared blocks' ids",
    );
    for (const id of made.blocks) {
      await hub.platform.attachBlock(spec.conductor_id, id);
      made.attached.push(id);
    }
    const strategist = await hub.platform.createAgent({
      template: 'strategist',
      name: `strategist-${spec.session_id.slice(0, 8)}`,
      tags: [roleTag('strategist'), sessionTag(spec.session_id)],
      block_ids: [sc.id, gl.id],
    });
    made.agents.push(strategist.id);
    const session = await hub.store.insertSession({
      id: spec.session_id,
      conductorId: spec.conductor_id,
      strategistId: strategist.id,
      ownerUserId: spec.ownerUserId ?? null,
      conversationId: spec.conversationId ?? null,
      platform: hub.platform.kind,
      sessionContextBlockId: sc.id,
      delegationLogBlockId: log.id,
      guidelinesBlockId: gl.id,
      poolMax: hub.config.delegation.poolMax,
    });
    await hub.platform.setTags(spec.conductor_id, withTag(withTag(conductor.tags, 'role:', 'conductor'), 'session:', spec.session_id));
    await recordEvent(hub, {
      sessionId: session.id,
      kind: 'session_created',
      actor: spec.writer,
      subject: spec.conductor_id,
      payload: { strategist_id: strategist.id, blocks: blocksOf(session), pool_max: session.poolMax },
    });
    return { session, created: true };
  } catch (err) {
    await undo(hub, spec.conductor_id, made);
    throw err;
  }
}

async function undo(
  hub: DelegationHub,
  conductorId: string,
  made: { blocks: string[]; agents: string[]; attached: string[] },
): Promise<void> {
  const quietly = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      hub.log.warn({ err }, 'could not undo part of a failed create_session_context');
    }
  };
  for (const id of made.agents) await quietly(() => hub.platform.deleteAgent(id));
  for (const id of made.attached) await quietly(() => hub.platform.detachBlock(conductorId, id));
  for (const id of made.blocks) await quietly(() => hub.platform.deleteBlock(id));
}

/** The session, or not_found; an active one unless `allowFinalized`. */
export async function requireSession(
  hub: DelegationHub,
  sessionId: string,
  opts: { allowFinalized?: boolean } = {},
): Promise<DelegationSessionRow> {
  const s = await hub.store.session(sessionId);
  if (!s) throw new DelegationError('not_found', `no session ${sessionId}`);
  if (s.status !== 'active' && !opts.allowFinalized) throw new DelegationError('conflict', `session ${sessionId} was finalized`);
  return s;
}

/** The session an agent is tagged with (Conductor, Companion or Strategist), if any. */
export async function sessionOfAgent(hub: DelegationHub, agentId: string | null): Promise<DelegationSessionRow | null> {
  if (!agentId) return null;
  const agent = await hub.platform.getAgent(agentId);
  const id = agent ? tagValue(agent.tags, 'session:') : null;
  return id ? hub.store.session(id) : null;
}

/**
 * The active session of a Conductor conversation, made when there is none (a new conversation,
 * or the last session was finalized): a fresh session id, the conversation's user as its owner.
 */
export async function ensureConversationSession(
  hub: DelegationHub,
  c: { conversationId: string; conductorId: string; userId: string },
): Promise<DelegationSessionRow> {
  const current = await hub.store.sessionOfConductor(c.conductorId);
  if (current?.status === 'active') return current;
  const { randomUUID } = await import('node:crypto');
  return (
    await createSessionContext(hub, {
      session_id: randomUUID(),
      conductor_id: c.conductorId,
      writer: `user:${c.userId}`,
      ownerUserId: c.userId,
      conversationId: c.conversationId,
    })
  ).session;
}

/**
 * A new session's strategist_guidelines: empty, but for the deployment's Companion task budget
 * (DCF_COMPANION_TASK_BUDGET) as `companion_strategy.task_budget`, which the Conductor hands each
 * Companion (server/agents/brains/conductor/task-budget.ts) until the Strategist changes it.
 */
function seededGuidelines(hub: DelegationHub) {
  const g = emptyGuidelines();
  const budget = hub.config.delegation.taskBudget;
  return budget ? { ...g, companion_strategy: { task_budget: budget } } : g;
}
