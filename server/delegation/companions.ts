import { randomUUID } from 'node:crypto';
import type { AgentSummary } from '../contracts/agent-platform.ts';
import { readActiveSkills, writeActiveSkills } from './skill-tracker.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import { DelegationError } from './errors.ts';
import { recordEvent, type DelegationHub } from './hub.ts';
import { currentSession } from './current-session.ts';
import { KeyedLock } from '../../lib/keyed-lock.ts';
import { blocksOf, requireSession } from './sessions.ts';
import { editSessionContext, readSessionContext } from './session-edits.ts';
import { setCompanion } from './session-context.ts';
import { tagValue, withTag } from '../../lib/tags.ts';
import { companionTags, roleTag, sessionTag, SPECIALIZATION, writerOf, type CompanionStatus } from './tags.ts';

const poolLock = new KeyedLock();

/** What list_session_companions reports per Companion. */
export interface CompanionView {
  companion_id: string;
  companion_name: string;
  specialization: string;
  status: CompanionStatus;
  current_task_id: string | null;
  loaded_skills: string[];
  tags: string[];
  created_at: string;
}

export async function sessionCompanions(hub: DelegationHub, sessionId: string): Promise<AgentSummary[]> {
  return hub.platform.listAgents({ tags: [roleTag('companion'), sessionTag(sessionId)], match_all_tags: true });
}

/** A Companion by id with its session, or not_found / invalid_input. */
export async function requireCompanion(
  hub: DelegationHub,
  companionId: string,
): Promise<{ agent: AgentSummary; session: DelegationSessionRow }> {
  const agent = await hub.platform.getAgent(companionId);
  if (!agent) throw new DelegationError('not_found', `no agent ${companionId}`);
  if (!agent.tags.includes(roleTag('companion')))
    throw new DelegationError('invalid_input', `agent ${companionId} is not a Companion (no role:companion tag)`);
  const sessionId = tagValue(agent.tags, 'session:');
  if (!sessionId) throw new DelegationError('invalid_input', `Companion ${companionId} has no session:<id> tag`);
  return { agent, session: await requireSession(hub, sessionId, { allowFinalized: true }) };
}

/** An agent acting on a session must be its Conductor (users and the system may act on any session they can see). */
export function requireConductorActor(actor: Actor, s: DelegationSessionRow, what: string): void {
  if (actor.kind === 'agent' && actor.id !== s.conductorId)
    throw new DelegationError('forbidden', `only the session's Conductor (${s.conductorId}) may ${what}; you are ${actor.id}`);
}

export interface NewCompanion {
  session_id: string;
  conductor_id: string;
  specialization: string;
  shared_block_ids: string[];
  initial_skills: string[];
}

/**
 * create_companion: a Companion from `agents/templates/companion.af` (persona, task_context,
 * dcf_active_skills; send_message_to_agent_async, load_skill, unload_skill, invoke_skill_tool,
 * update_companion_status)
 * tagged role/session/specialization/status:idle, holding the shared blocks asked for (only the
 * session's own shared blocks may be given), with its initial skills loaded. Refused when the
 * session's pool is full. All or nothing: a failure after the agent exists deletes it.
 */
export async function createCompanion(
  hub: DelegationHub,
  actor: Actor,
  spec: NewCompanion,
): Promise<{ agent: AgentSummary; shared: string[] }> {
  const session = await requireSession(hub, spec.session_id);
  if (session.conductorId !== spec.conductor_id)
    throw new DelegationError('conflict', `session ${session.id} is conducted by ${session.conductorId}, not ${spec.conductor_id}`);
  requireConductorActor(actor, session, 'create Companions');
  if (!SPECIALIZATION.test(spec.specialization))
    throw new DelegationError(
      'invalid_input',
      `specialization "${spec.specialization}" must be lower-case words joined by hyphens (e.g. generalist, call-review), at most 40 characters`,
    );
  const shareable = new Set(Object.values(blocksOf(session)));
  const foreign = spec.shared_block_ids.filter((id) => !shareable.has(id));
  if (foreign.length) {
    const missing = (await Promise.all(foreign.map(async (id) => ((await hub.platform.getBlock(id)) ? null : id)))).filter(
      (x): x is string => !!x,
    );
    if (missing.length) throw new DelegationError('not_found', `no block ${missing.join(', ')}`);
    throw new DelegationError(
      'forbidden',
      `only the session's shared blocks (${[...shareable].join(', ')}) may be attached to its Companions; not ${foreign.join(', ')}`,
    );
  }
  const catalog = await hub.skills();
  const unknown = spec.initial_skills.filter((u) => !catalog.get(u));
  if (unknown.length) throw new DelegationError('not_found', `not in the skill catalog: ${unknown.join(', ')}`);

  return poolLock.run(session.id, async () => {
    const pool = await sessionCompanions(hub, session.id);
    if (pool.length >= session.poolMax) {
      throw new DelegationError(
        'conflict',
        `the session's Companion pool is full (${pool.length} of ${session.poolMax}): reuse an idle Companion or dismiss one`,
        { pool_max: session.poolMax },
      );
    }
    const shared = [...new Set(spec.shared_block_ids)];
    const agent = await hub.platform.createAgent({
      template: 'companion',
      name: `companion-${session.id.slice(0, 8)}-${randomUUID().slice(0, 8)}`,
      tags: companionTags(session.id, spec.specialization),
      block_ids: shared,
    });
    try {
      if (spec.initial_skills.length) await writeActiveSkills(hub.platform, agent.id, spec.initial_skills);
      await editSessionContext(hub, session, writerOf(actor), 'create_companion', (c) =>
        setCompanion(c, agent.id, {
          status: 'idle',
          specialization: spec.specialization,
          current_task_id: null,
          updated_at: new Date().toISOString(),
        }),
      );
    } catch (err) {
      await hub.platform.deleteAgent(agent.id).catch(() => false);
      throw err;
    }
    await syncRegistry(hub, session, writerOf(actor));
    await recordEvent(hub, {
      sessionId: session.id,
      kind: 'companion_created',
      actor: writerOf(actor),
      subject: agent.id,
      payload: { name: agent.name, specialization: spec.specialization, shared_blocks: shared, initial_skills: spec.initial_skills },
    });
    return { agent, shared };
  });
}

/**
 * dismiss_companion: unloads its skills, detaches the shared blocks it holds, cancels its open
 * task, and deletes it. Returns what was unloaded and detached.
 */
export async function dismissCompanion(
  hub: DelegationHub,
  actor: Actor,
  args: { companion_id: string; unload_skills: boolean; detach_shared_blocks: boolean; reason?: string },
): Promise<{ skills_unloaded: string[]; blocks_detached: string[] }> {
  const { agent, session } = await requireCompanion(hub, args.companion_id);
  requireConductorActor(actor, session, 'dismiss Companions');
  const writer = writerOf(actor);
  const skills = args.unload_skills ? await readActiveSkills(hub.platform, agent.id) : [];
  if (skills.length) await writeActiveSkills(hub.platform, agent.id, []);
  const detached: string[] = [];
  if (args.detach_shared_blocks) {
    for (const block of await hub.platform.listAgentBlocks(agent.id)) {
      if ((await hub.platform.listBlockAgents(block.id)).some((id) => id !== agent.id)) {
        await hub.platform.detachBlock(agent.id, block.id);
        detached.push(block.id);
      }
    }
  }
  const open = await hub.store.openTaskOf(agent.id);
  if (
    open &&
    (await hub.store.finishTask(open.sessionId, open.taskId, { status: 'cancelled', error: `Companion ${agent.id} was dismissed` }))
  ) {
    await recordEvent(hub, {
      sessionId: session.id,
      kind: 'task_cancelled',
      actor: writer,
      subject: agent.id,
      taskId: open.taskId,
      payload: { reason: 'companion dismissed' },
    });
  }
  await hub.platform.deleteAgent(agent.id);
  if (session.status === 'active') {
    await editSessionContext(hub, session, writer, 'dismiss_companion', (c) => {
      const { [open?.taskId ?? '']: _cancelled, ...active } = c.active_tasks;
      return setCompanion({ ...c, active_tasks: active }, agent.id, null);
    });
    await syncRegistry(hub, session, writer);
  }
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'companion_dismissed',
    actor: writer,
    subject: agent.id,
    payload: { name: agent.name, skills_unloaded: skills, blocks_detached: detached, ...(args.reason ? { reason: args.reason } : {}) },
  });
  return { skills_unloaded: skills, blocks_detached: detached };
}

/** list_session_companions: the pool as its tags, session_context partitions and skill trackers say. */
export async function listCompanions(
  hub: DelegationHub,
  sessionId: string,
  opts: { specialization?: string } = {},
): Promise<CompanionView[]> {
  const session = await currentSession(hub, sessionId, { allowFinalized: true });
  const pool = (await sessionCompanions(hub, session.id)).filter(
    (a) => !opts.specialization || tagValue(a.tags, 'specialization:') === opts.specialization,
  );
  const context = session.status === 'active' ? await readSessionContext(hub, session) : null;
  return Promise.all(
    pool.map(async (a) => ({
      companion_id: a.id,
      companion_name: a.name,
      specialization: tagValue(a.tags, 'specialization:') ?? 'generalist',
      status: (tagValue(a.tags, 'status:') ?? 'idle') as CompanionStatus,
      current_task_id: context?.companions[a.id]?.current_task_id ?? (await hub.store.openTaskOf(a.id))?.taskId ?? null,
      loaded_skills: await readActiveSkills(hub.platform, a.id),
      tags: a.tags,
      created_at: a.created_at,
    })),
  );
}

/**
 * update_companion_status: the Companion's status (and specialization) tags and its partition of
 * session_context. A Companion may change only its own; its Conductor any of the session's.
 * `busy` with the id of a broadcast task claims it — the first claim wins, a later one is a
 * conflict. `idle`/`error` clear the current task unless one is given.
 */
export async function updateCompanionStatus(
  hub: DelegationHub,
  actor: Actor,
  args: { companion_id: string; status: CompanionStatus; specialization?: string; current_task_id?: string },
): Promise<string[]> {
  const { agent, session } = await requireCompanion(hub, args.companion_id);
  if (actor.kind === 'agent' && actor.id !== agent.id && actor.id !== session.conductorId) {
    throw new DelegationError(
      'forbidden',
      `a Companion changes only its own status (its partition of session_context); ${actor.id} may not change ${agent.id}'s`,
    );
  }
  if (session.status !== 'active') throw new DelegationError('conflict', `session ${session.id} was finalized`);
  if (args.specialization !== undefined && !SPECIALIZATION.test(args.specialization))
    throw new DelegationError('invalid_input', `specialization "${args.specialization}" must be lower-case words joined by hyphens`);
  const writer = writerOf(actor);
  if (args.current_task_id) await takeTask(hub, session, agent.id, args.current_task_id, writer);
  const tags = await setCompanionTags(hub, agent, { status: args.status, specialization: args.specialization });
  const specialization = tagValue(tags, 'specialization:') ?? 'generalist';
  const current = args.current_task_id ?? (args.status === 'busy' ? ((await hub.store.openTaskOf(agent.id))?.taskId ?? null) : null);
  await editSessionContext(hub, session, writer, 'update_companion_status', (c) =>
    setCompanion(c, agent.id, { status: args.status, specialization, current_task_id: current, updated_at: new Date().toISOString() }),
  );
  await syncRegistry(hub, session, writer);
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'companion_status',
    actor: writer,
    subject: agent.id,
    taskId: current,
    payload: { status: args.status, specialization },
  });
  return tags;
}

/** Claims an offered (broadcast) task for the Companion, or checks a delegated one is its own. */
async function takeTask(
  hub: DelegationHub,
  session: DelegationSessionRow,
  companionId: string,
  taskId: string,
  writer: string,
): Promise<void> {
  const task = await hub.store.task(session.id, taskId);
  if (!task) throw new DelegationError('not_found', `no task ${taskId} in session ${session.id}`);
  if (task.status === 'offered') {
    if (!(await hub.store.claimTask(session.id, taskId, companionId)))
      throw new DelegationError('conflict', `task ${taskId} was claimed by another Companion`);
    await editSessionContext(hub, session, writer, 'task claimed', (c) => {
      const active = c.active_tasks[taskId];
      return active
        ? { ...c, active_tasks: { ...c.active_tasks, [taskId]: { ...active, companion_id: companionId, status: 'delegated' } } }
        : c;
    });
    await recordEvent(hub, { sessionId: session.id, kind: 'task_claimed', actor: writer, subject: companionId, taskId });
    return;
  }
  if (task.companionId !== companionId)
    throw new DelegationError(
      'conflict',
      `task ${taskId} is ${task.companionId ? `${task.companionId}'s` : "nobody's"}, not ${companionId}'s`,
    );
  if (task.status !== 'delegated') throw new DelegationError('conflict', `task ${taskId} has ended (${task.status})`);
}

/** Sets a Companion's status/specialization tags on the platform; returns its tags. */
export async function setCompanionTags(
  hub: DelegationHub,
  agent: AgentSummary,
  change: { status?: CompanionStatus; specialization?: string },
): Promise<string[]> {
  let tags = agent.tags;
  if (change.status) tags = withTag(tags, 'status:', change.status);
  if (change.specialization) tags = withTag(tags, 'specialization:', change.specialization);
  if (tags.join('\n') === agent.tags.join('\n')) return tags;
  return (await hub.platform.setTags(agent.id, tags)).tags;
}

/**
 * The Conductor's `companion_registry` block, rebuilt from the pool (so it is always true):
 * one entry per Companion with its specialization, status and current task.
 */
export async function syncRegistry(hub: DelegationHub, session: DelegationSessionRow, writer: string): Promise<void> {
  const block = (await hub.platform.listAgentBlocks(session.conductorId).catch(() => [])).find((b) => b.label === 'companion_registry');
  if (!block) return;
  const context = await readSessionContext(hub, session);
  const companions = (await sessionCompanions(hub, session.id)).map((a) => ({
    id: a.id,
    name: a.name,
    specialization: tagValue(a.tags, 'specialization:'),
    status: tagValue(a.tags, 'status:'),
    current_task_id: context.companions[a.id]?.current_task_id ?? null,
  }));
  await hub.blocks.update(
    block.id,
    () => JSON.stringify({ session_id: session.id, pool_max: session.poolMax, companions }),
    writer,
    'companion registry',
  );
}
