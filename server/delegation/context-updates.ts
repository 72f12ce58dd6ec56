import type { Actor } from '../contracts/audit-actor.ts';
import { requireConductorActor } from './companions.ts';
import { DelegationError } from './errors.ts';
import { fitGuidelines, parseGuidelines, renderGuidelines, reviseGuidelines } from './guidelines.ts';
import { recordEvent, type DelegationHub } from './hub.ts';
import { requireSession } from './sessions.ts';
import { editSessionContext } from './session-edits.ts';
import { completeTask, type SessionContext } from './session-context.ts';
import { BlockWriteError } from './block-writer.ts';
import { writerOf } from './tags.ts';

export interface SessionContextChange {
  goals?: unknown;
  preferences?: Record<string, unknown>;
  add_active_task?: Record<string, unknown>;
  complete_task_id?: string;
}

/**
 * update_session_context (the Conductor is its one writer): `goals` replace user_goals (an
 * array, or one goal); `preferences` are merged in (a null value removes a preference); a task
 * added to active_tasks needs `task_id` and `description`; `complete_task_id` moves an active
 * task to completed_tasks with the status and summary its result gave.
 */
export async function updateSessionContext(
  hub: DelegationHub,
  actor: Actor,
  sessionId: string,
  change: SessionContextChange,
): Promise<string[]> {
  const session = await requireSession(hub, sessionId);
  requireConductorActor(actor, session, 'update session_context');
  const added = change.add_active_task;
  if (added && (typeof added.task_id !== 'string' || !added.task_id || typeof added.description !== 'string' || !added.description)) {
    throw new DelegationError('invalid_input', 'add_active_task_json must be an object with a task_id and a description');
  }
  const completing = change.complete_task_id ? await hub.store.task(session.id, change.complete_task_id) : null;
  const fields: string[] = [];
  await editSessionContext(hub, session, writerOf(actor), 'update_session_context', (c0) => {
    let c: SessionContext = c0;
    if (change.goals !== undefined) {
      c = { ...c, user_goals: Array.isArray(change.goals) ? change.goals : [change.goals] };
      fields.push('user_goals');
    }
    if (change.preferences) {
      const merged = { ...c.preferences, ...change.preferences };
      for (const [k, v] of Object.entries(change.preferences)) if (v === null) delete merged[k];
      c = { ...c, preferences: merged };
      fields.push('preferences');
    }
    if (added) {
      const id = added.task_id as string;
      c = {
        ...c,
        active_tasks: {
          ...c.active_tasks,
          [id]: {
            companion_id: typeof added.companion_id === 'string' ? added.companion_id : null,
            description: added.description as string,
            skills: Array.isArray(added.skills) ? added.skills.filter((x): x is string => typeof x === 'string') : [],
            status: 'delegated',
            delegated_at: typeof added.delegated_at === 'string' ? added.delegated_at : new Date().toISOString(),
          },
        },
      };
      fields.push('active_tasks');
    }
    if (change.complete_task_id) {
      const id = change.complete_task_id;
      const active = c.active_tasks[id];
      if (!active && !completing) throw new BlockWriteError(`no task ${id} in this session's active tasks`);
      const status =
        completing?.status === 'succeeded' || completing?.status === 'failed' || completing?.status === 'cancelled'
          ? completing.status
          : 'succeeded';
      const summary = typeof completing?.output?.summary === 'string' ? completing.output.summary : (completing?.error ?? '');
      c = completeTask(c, {
        task_id: id,
        companion_id: active?.companion_id ?? completing?.companionId ?? null,
        status,
        summary: summary.slice(0, 160),
        completed_at: completing?.completedAt?.toISOString() ?? new Date().toISOString(),
      });
      fields.push('active_tasks', 'completed_tasks');
    }
    return c;
  });
  const updated = [...new Set(fields)];
  await recordEvent(hub, { sessionId: session.id, kind: 'session_context_updated', actor: writerOf(actor), payload: { fields: updated } });
  return updated;
}

/**
 * update_conductor_guidelines (the Strategist is its one writer): adds a recommendation (a
 * `skill_preference` one also sets the capability's preference), a warning, and/or merges
 * companion strategy into strategist_guidelines; the revision goes up by one per call.
 */
export async function updateConductorGuidelines(
  hub: DelegationHub,
  actor: Actor,
  conductorId: string,
  change: { recommendation?: Record<string, unknown>; warning?: Record<string, unknown>; companionStrategy?: Record<string, unknown> },
): Promise<{ blockId: string; revision: number }> {
  const session = await hub.store.sessionOfConductor(conductorId);
  if (!session) throw new DelegationError('not_found', `no delegated-mode session has the Conductor ${conductorId}`);
  if (session.status !== 'active') throw new DelegationError('conflict', `session ${session.id} was finalized`);
  if (actor.kind === 'agent' && actor.id !== session.strategistId) {
    throw new DelegationError(
      'forbidden',
      `only the session's Strategist (${session.strategistId ?? 'none'}) writes strategist_guidelines; you are ${actor.id}`,
    );
  }
  if (!change.recommendation && !change.warning && !change.companionStrategy) {
    throw new DelegationError(
      'invalid_input',
      'give at least one of add_recommendation_json, add_warning_json, update_companion_strategy_json',
    );
  }
  let revision = 0;
  try {
    await hub.blocks.update(
      session.guidelinesBlockId,
      (value) => {
        const next = fitGuidelines(reviseGuidelines(parseGuidelines(value), change, new Date().toISOString()));
        revision = next.revision;
        return renderGuidelines(next);
      },
      writerOf(actor),
      'update_conductor_guidelines',
    );
  } catch (err) {
    if (err instanceof BlockWriteError) throw new DelegationError('invalid_input', `${err.message}: shorten the recommendation's evidence`);
    throw err;
  }
  await recordEvent(hub, {
    sessionId: session.id,
    kind: 'guidelines_updated',
    actor: writerOf(actor),
    subject: conductorId,
    payload: { revision, ...change },
  });
  return { blockId: session.guidelinesBlockId, revision };
}
