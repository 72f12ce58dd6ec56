import type { GatedMessage } from '../contracts/agent-platform.ts';
import type { DelegationSessionRow } from '../db/schema/delegation.ts';
import { setCompanionTags, syncRegistry } from './companions.ts';
import { recordEvent, type DelegationHub } from './hub.ts';
import type { StrategicAdvice, TaskDelegation, TaskProgress, TaskResult } from './protocol.ts';
import { sessionOfAgent } from './sessions.ts';
import { appendDelegationLog, editSessionContext, skillList } from './session-edits.ts';
import { completeTask, setCompanion, shortSummary } from './session-context.ts';
import { tagValue } from '../../lib/tags.ts';

/**
 * What the host does when protocol messages are delivered (the gate calls these at delivery,
 * before the receiver's turn). Each returns null to deliver the message, or why it must be
 * rejected: a result or progress report for a task the session does not have, or from a
 * Companion the task is not given to, is not delivered.
 */

/** The host message that wakes the Strategist after each task result (not a protocol message: the console sends it). */
export interface SessionObservation {
  type: 'session_observation';
  session_id: string;
  task_id: string;
  companion_id: string;
  specialization: string | null;
  status: 'succeeded' | 'failed';
  skills_used: string[];
  failed_skill: string | null;
  duration_s: number;
  tool_calls: number;
  summary: string;
  error: string | null;
  completed_at: string;
}

async function taskOf(
  hub: DelegationHub,
  m: GatedMessage,
  taskId: string,
  companionId: string,
): Promise<{ session: DelegationSessionRow } | { refusal: string } | null> {
  const session = await sessionOfAgent(hub, m.to);
  if (!session) return null;
  const task = await hub.store.task(session.id, taskId);
  if (!task) return { refusal: `no task ${taskId} in session ${session.id}` };
  if (task.companionId !== companionId)
    return { refusal: `task ${taskId} is ${task.companionId ? `given to ${task.companionId}` : 'not claimed yet'}, not to ${companionId}` };
  if (m.from && m.from !== companionId) return { refusal: `sent by ${m.from} but names the Companion ${companionId}` };
  return { session };
}

/** A task_result reaches the Conductor: the task ends (once), its Companion is freed, the Strategist is told. */
export async function onResult(hub: DelegationHub, m: GatedMessage, r: TaskResult): Promise<string | null> {
  const found = await taskOf(hub, m, r.task_id, r.companion_id);
  if (!found) return null;
  if ('refusal' in found) return found.refusal;
  const { session } = found;
  const error = r.status === 'failed' ? (r.output.error ?? 'failed') : null;
  const first = await hub.store.finishTask(session.id, r.task_id, { status: r.status, output: r.output, metrics: r.metrics, error });
  if (!first) return null; // delivered again after a restart: recorded the first time
  const companion = await hub.platform.getAgent(r.companion_id);
  const specialization = companion ? tagValue(companion.tags, 'specialization:') : null;
  const status = r.status === 'succeeded' ? 'idle' : 'error';
  const writer = r.companion_id;
  if (companion && tagValue(companion.tags, 'status:') === 'busy') await setCompanionTags(hub, companion, { status });
  await editSessionContext(hub, session, writer, 'task_result', (c) => {
    const done = completeTask(c, {
      task_id: r.task_id,
      companion_id: r.companion_id,
      status: r.status,
      summary: shortSummary(r.output.summary),
      completed_at: r.completed_at,
    });
    const part = done.companions[r.companion_id];
    return part && companion
      ? setCompanion(done, r.companion_id, {
          ...part,
          status,
          current_task_id: part.current_task_id === r.task_id ? null : part.current_task_id,
          updated_at: r.completed_at,
        })
      : done;
  });
  await syncRegistry(hub, session, writer);
  const outcome = r.status === 'succeeded' ? r.output.summary : `${r.output.error}`;
  await appendDelegationLog(
    hub,
    session,
    writer,
    `result ${r.task_id} ${r.status} in ${r.metrics.duration_s}s by ${companion?.name ?? r.companion_id} ${skillList(r.metrics.skills_used)} ${outcome}`,
  );
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'task_result',
    actor: r.companion_id,
    subject: m.to,
    taskId: r.task_id,
    payload: { message: r as unknown as Record<string, unknown> },
  });
  const failedSkill = typeof r.output.failed_skill === 'string' ? r.output.failed_skill : null;
  await hub.learn({
    session_id: session.id,
    task_id: r.task_id,
    companion_id: r.companion_id,
    status: r.status,
    skills_used: r.metrics.skills_used,
    failed_skill: failedSkill,
    duration_s: r.metrics.duration_s,
    error,
    completed_at: r.completed_at,
  });
  if (session.strategistId) {
    const observation: SessionObservation = {
      type: 'session_observation',
      session_id: session.id,
      task_id: r.task_id,
      companion_id: r.companion_id,
      specialization,
      status: r.status,
      skills_used: r.metrics.skills_used,
      failed_skill: failedSkill,
      duration_s: r.metrics.duration_s,
      tool_calls: r.metrics.tool_calls,
      summary: shortSummary(r.output.summary),
      error,
      completed_at: r.completed_at,
    };
    try {
      await hub.platform.queueMessage(session.strategistId, { role: 'user', content: JSON.stringify(observation) });
    } catch (err) {
      hub.log.warn({ err, session: session.id }, 'the Strategist could not be told of a task result');
    }
  }
  return null;
}

export async function onProgress(hub: DelegationHub, m: GatedMessage, p: TaskProgress): Promise<string | null> {
  const found = await taskOf(hub, m, p.task_id, p.companion_id);
  if (!found) return null;
  if ('refusal' in found) return found.refusal;
  await hub.store.updateTask(found.session.id, p.task_id, { progressPct: Math.round(p.progress_pct), statusMessage: p.status_message });
  await appendDelegationLog(hub, found.session, p.companion_id, `progress ${p.task_id} ${Math.round(p.progress_pct)}% ${p.status_message}`);
  await recordEvent(hub, {
    sessionId: found.session.id,
    kind: 'task_progress',
    actor: p.companion_id,
    subject: m.to,
    taskId: p.task_id,
    payload: { message: p as unknown as Record<string, unknown> },
  });
  return null;
}

export async function onAdvice(hub: DelegationHub, m: GatedMessage, a: StrategicAdvice): Promise<string | null> {
  const session = await sessionOfAgent(hub, m.to);
  if (!session) return null;
  if (session.strategistId && a.strategist_id !== session.strategistId)
    return `strategic advice names the Strategist ${a.strategist_id}; this session's is ${session.strategistId}`;
  await appendDelegationLog(hub, session, a.strategist_id, `advice ${a.advice_type} (confidence ${a.confidence}) ${a.recommendation}`);
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'strategic_advice',
    actor: a.strategist_id,
    subject: m.to,
    payload: { message: a as unknown as Record<string, unknown> },
  });
  return null;
}

/**
 * A valid task_delegation an agent sent itself (with send_message_to_agent_async rather than
 * delegate_task, e.g. a model-driven Conductor): recorded like one delegate_task made, so the
 * task, its result and the Companion's status are followed all the same.
 */
export async function onDelegationSent(hub: DelegationHub, m: GatedMessage, d: TaskDelegation): Promise<void> {
  const session = await hub.store.session(d.session_id);
  if (!session || session.status !== 'active' || (await hub.store.task(session.id, d.task_id))) return;
  const companion = await hub.platform.getAgent(m.to);
  if (!companion) return;
  await hub.store.insertTask({
    sessionId: session.id,
    taskId: d.task_id,
    companionId: companion.id,
    description: d.description,
    skillsRequired: d.skills_required,
    context: d.context ?? {},
    priority: d.priority,
    status: 'delegated',
  });
  await setCompanionTags(hub, companion, { status: 'busy' });
  const specialization = tagValue(companion.tags, 'specialization:') ?? 'generalist';
  await editSessionContext(hub, session, m.from ?? 'host', 'task_delegation sent', (c) => ({
    ...setCompanion(c, companion.id, { status: 'busy', specialization, current_task_id: d.task_id, updated_at: d.delegated_at }),
    active_tasks: {
      ...c.active_tasks,
      [d.task_id]: {
        companion_id: companion.id,
        description: d.description,
        skills: d.skills_required,
        status: 'delegated',
        delegated_at: d.delegated_at,
      },
    },
  }));
  await appendDelegationLog(
    hub,
    session,
    m.from ?? 'host',
    `delegated ${d.task_id} → ${companion.name} ${skillList(d.skills_required)} ${d.description}`,
  );
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'task_delegated',
    actor: m.from,
    subject: companion.id,
    taskId: d.task_id,
    payload: { message: d as unknown as Record<string, unknown> },
  });
}
