import type { Actor } from '../contracts/audit-actor.ts';
import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import { validateAgainstSchema } from '../schemas/registry.ts';
import { requireCompanion, requireConductorActor, sessionCompanions, setCompanionTags, syncRegistry } from './companions.ts';
import { DelegationError } from './errors.ts';
import { recordEvent, type DelegationHub } from './hub.ts';
import { describeInvalid, type TaskDelegation } from './protocol.ts';
import { currentSession, syncLetta } from './current-session.ts';
import { appendDelegationLog, editSessionContext, skillList } from './session-edits.ts';
import { setCompanion } from './session-context.ts';
import { tagValue } from '../../lib/tags.ts';
import { writerOf, type CompanionStatus } from './tags.ts';

export interface TaskSpec {
  task_id: string;
  description: string;
  skills_required: string[];
  context: Record<string, unknown>;
  priority: 'low' | 'normal' | 'high';
}

/**
 * The checks every delegation passes before anything is written: the skills are in the catalog,
 * a plan uses only those skills and tools they have, the task id is new in the session, and the
 * message satisfies the task_delegation schema.
 */
async function checkTask(hub: DelegationHub, session: DelegationSessionRow, t: TaskSpec, broadcast: boolean): Promise<TaskDelegation> {
  const catalog = await hub.skills();
  const unknown = t.skills_required.filter((u) => !catalog.get(u));
  if (unknown.length) throw new DelegationError('not_found', `not in the skill catalog: ${unknown.join(', ')}`);
  const check = (steps: unknown, where: string) => {
    if (!Array.isArray(steps)) return;
    steps.forEach((raw, i) => {
      const step = (raw ?? {}) as Record<string, unknown>;
      const at = `${where}${i} (${String(step.step)})`;
      if (Array.isArray(step.steps)) return check(step.steps, `${at} → step `);
      const skill = typeof step.skill === 'string' ? step.skill : '';
      if (!t.skills_required.includes(skill))
        throw new DelegationError('invalid_input', `plan step ${at} uses ${skill || 'no skill'}, which is not in skills_required`);
      if (!catalog.get(skill)?.requiredTools.some((x) => x.toolName === step.tool))
        throw new DelegationError('invalid_input', `plan step ${at}: ${skill} has no tool ${String(step.tool)}`);
    });
  };
  check(t.context.plan, '');
  if (await hub.store.task(session.id, t.task_id))
    throw new DelegationError('conflict', `task ${t.task_id} already exists in session ${session.id}; use a new task_id`);
  const message: TaskDelegation = {
    type: 'task_delegation',
    task_id: t.task_id,
    description: t.description,
    skills_required: t.skills_required,
    context: t.context,
    priority: t.priority,
    conductor_id: session.conductorId,
    session_id: session.id,
    delegated_at: new Date().toISOString(),
    ...(broadcast ? { broadcast: true } : {}),
  };
  const issues = validateAgainstSchema('task_delegation', message);
  if (issues.length) throw new DelegationError('invalid_input', describeInvalid('task_delegation', issues), { issues });
  return message;
}

/**
 * delegate_task: the task_delegation message goes to the Companion with
 * send_message_to_agent_async (from the Conductor), after the task is recorded, the Companion
 * tagged `status:busy` with it as its current task, and (unless `track` is false) the task added
 * to session_context's active tasks; one delegation_log line. A Companion busy with another
 * task is refused. If the message cannot be sent the task is cancelled and the Companion freed.
 */
export async function delegateTask(
  hub: DelegationHub,
  actor: Actor,
  companionId: string,
  t: TaskSpec,
  track: boolean,
): Promise<TaskDelegation> {
  const found = await requireCompanion(hub, companionId);
  const session = found.session;
  if (session.status !== 'active') throw new DelegationError('conflict', `session ${session.id} was finalized`);
  await syncLetta(hub, session);
  // On Letta the sync may just have freed it (its result read from the Conductor's history).
  const agent = session.platform === 'letta' ? ((await hub.platform.getAgent(companionId)) ?? found.agent) : found.agent;
  requireConductorActor(actor, session, 'delegate tasks');
  const status = tagValue(agent.tags, 'status:') as CompanionStatus | null;
  if (status === 'busy') {
    const open = await hub.store.openTaskOf(agent.id);
    throw new DelegationError(
      'conflict',
      `Companion ${agent.id} is busy${open ? ` with task ${open.taskId}` : ''}: delegate to an idle Companion, create one, or wait for its result`,
    );
  }
  const message = await checkTask(hub, session, t, false);
  const writer = writerOf(actor);
  await hub.store.insertTask({
    sessionId: session.id,
    taskId: t.task_id,
    companionId: agent.id,
    description: t.description,
    skillsRequired: t.skills_required,
    context: t.context,
    priority: t.priority,
    status: 'delegated',
  });
  const specialization = tagValue(agent.tags, 'specialization:') ?? 'generalist';
  await setCompanionTags(hub, agent, { status: 'busy' });
  await editSessionContext(hub, session, writer, 'delegate_task', (c) => {
    const next = setCompanion(c, agent.id, {
      status: 'busy',
      specialization,
      current_task_id: t.task_id,
      updated_at: message.delegated_at,
    });
    return track
      ? {
          ...next,
          active_tasks: {
            ...next.active_tasks,
            [t.task_id]: {
              companion_id: agent.id,
              description: t.description,
              skills: t.skills_required,
              status: 'delegated',
              delegated_at: message.delegated_at,
            },
          },
        }
      : next;
  });
  try {
    await hub.platform.sendMessageToAgentAsync(session.conductorId, agent.id, JSON.stringify(message));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    await hub.store.finishTask(session.id, t.task_id, { status: 'cancelled', error: `not sent: ${why}` });
    await setCompanionTags(
      hub,
      { ...agent, tags: (await hub.platform.getAgent(agent.id))?.tags ?? agent.tags },
      { status: status ?? 'idle' },
    );
    await editSessionContext(hub, session, writer, 'delegate_task not sent', (c) => {
      const { [t.task_id]: _unsent, ...active } = c.active_tasks;
      return setCompanion({ ...c, active_tasks: active }, agent.id, {
        status: status ?? 'idle',
        specialization,
        current_task_id: null,
        updated_at: new Date().toISOString(),
      });
    });
    throw new DelegationError('unavailable', `the task_delegation message could not be sent to ${agent.id}: ${why}`);
  }
  await syncRegistry(hub, session, writer);
  await appendDelegationLog(
    hub,
    session,
    writer,
    `delegated ${t.task_id} → ${agent.name} ${skillList(t.skills_required)} ${t.description}`,
  );
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'task_delegated',
    actor: writer,
    subject: agent.id,
    taskId: t.task_id,
    payload: { message: message as unknown as Record<string, unknown> },
  });
  return message;
}

/**
 * broadcast_task: the task is offered to every Companion of the session with the status
 * (default idle) and specialization asked for; each gets the task_delegation with
 * `broadcast: true`, and the first to claim it (update_companion_status busy with the task as
 * its current task) does it. Returns who was notified and who was skipped.
 */
export async function broadcastTask(
  hub: DelegationHub,
  actor: Actor,
  sessionId: string,
  t: TaskSpec,
  filter: { specialization?: string; status: CompanionStatus },
): Promise<{ notified: string[]; skipped: string[]; message: TaskDelegation | null }> {
  const session = await currentSession(hub, sessionId);
  requireConductorActor(actor, session, 'broadcast tasks');
  const pool = await sessionCompanions(hub, session.id);
  const matches = (tags: string[]) =>
    tagValue(tags, 'status:') === filter.status && (!filter.specialization || tagValue(tags, 'specialization:') === filter.specialization);
  const targets = pool.filter((a) => matches(a.tags));
  const skipped = pool.filter((a) => !matches(a.tags)).map((a) => a.id);
  if (!targets.length) return { notified: [], skipped, message: null };
  const message = await checkTask(hub, session, t, true);
  const writer = writerOf(actor);
  await hub.store.insertTask({
    sessionId: session.id,
    taskId: t.task_id,
    companionId: null,
    description: t.description,
    skillsRequired: t.skills_required,
    context: t.context,
    priority: t.priority,
    status: 'offered',
    broadcast: true,
  });
  await editSessionContext(hub, session, writer, 'broadcast_task', (c) => ({
    ...c,
    active_tasks: {
      ...c.active_tasks,
      [t.task_id]: {
        companion_id: null,
        description: t.description,
        skills: t.skills_required,
        status: 'offered',
        delegated_at: message.delegated_at,
      },
    },
  }));
  const notified: string[] = [];
  for (const a of targets) {
    try {
      await hub.platform.sendMessageToAgentAsync(session.conductorId, a.id, JSON.stringify(message));
      notified.push(a.id);
    } catch (err) {
      hub.log.warn({ err, companion: a.id, task: t.task_id }, 'broadcast not sent to a Companion');
      skipped.push(a.id);
    }
  }
  await appendDelegationLog(
    hub,
    session,
    writer,
    `offered ${t.task_id} to ${notified.length} Companion${notified.length === 1 ? '' : 's'} ${skillList(t.skills_required)} ${t.description}`,
  );
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'task_offered',
    actor: writer,
    taskId: t.task_id,
    payload: { message: message as unknown as Record<string, unknown>, notified, skipped },
  });
  return { notified, skipped, message };
}
