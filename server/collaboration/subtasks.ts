import { and, eq, inArray, ne } from 'drizzle-orm';
import { collaborationSessions, collaborationSubtasks } from '../db/schema/index.ts';
import { requireAgents } from './agents.ts';
import { withStatus, type Collab } from './context.ts';
import { assertActsAs, CollaborationError } from './errors.ts';
import { sendCollaborationMessage, sessionOf } from './messaging.ts';

export interface DelegateInput {
  coordinator_agent_id: string;
  assigned_agent_id: string;
  subtask_id: string;
  subtask_description: string;
  parent_task_id?: string;
  deadline?: string;
  contextual_data?: string | Record<string, unknown>;
}

/**
 * delegate_subtask: the assignee (a platform agent, other than the coordinator) receives a
 * `subtask_delegation` message through the platform; the subtask is stored (its id must be new)
 * and the assignee's status tag becomes `status:busy`. The session is the one `parent_task_id`
 * names, else the newest active session of both agents.
 */
export async function delegateSubtask(c: Collab, input: DelegateInput) {
  assertActsAs(c.actor, 'coordinator_agent_id', input.coordinator_agent_id);
  if (input.assigned_agent_id === input.coordinator_agent_id) {
    throw new CollaborationError('invalid_input', 'assigned_agent_id is the coordinator itself: delegate to another agent');
  }
  const [coordinator, assignee] = await requireAgents(c.db, c.platform, [input.coordinator_agent_id, input.assigned_agent_id]);
  if (assignee!.kind !== 'platform') {
    throw new CollaborationError(
      'invalid_input',
      `${assignee!.id} is an external agent: it cannot receive a subtask through the agent platform`,
    );
  }
  const [existing] = await c.db
    .select({ id: collaborationSubtasks.id })
    .from(collaborationSubtasks)
    .where(eq(collaborationSubtasks.id, input.subtask_id));
  if (existing) throw new CollaborationError('conflict', `subtask "${input.subtask_id}" was already delegated: choose a new subtask_id`);
  const deadline = input.deadline === undefined ? null : new Date(input.deadline);
  let sessionId: string | null = null;
  if (input.parent_task_id) {
    const [s] = await c.db
      .select({ id: collaborationSessions.id })
      .from(collaborationSessions)
      .where(eq(collaborationSessions.id, input.parent_task_id));
    sessionId = s?.id ?? null;
  }
  sessionId ??= await sessionOf(c.db, [coordinator!.id, assignee!.id]);
  const sent = await sendCollaborationMessage(c.db, c.platform, {
    kind: 'subtask_delegation',
    sender: coordinator!.id,
    senderOnPlatform: coordinator!.kind === 'platform',
    recipients: [assignee!],
    sessionId,
    relatedRef: input.subtask_id,
    body: {
      subtask_id: input.subtask_id,
      subtask_description: input.subtask_description,
      parent_task_id: input.parent_task_id ?? null,
      deadline: deadline?.toISOString() ?? null,
      contextual_data: input.contextual_data ?? null,
      session_id: sessionId,
      report_with: 'merge_results (or share_plan_update with related_task_id while working)',
    },
  });
  const failed = sent.delivery.find((d) => d.status === 'failed');
  if (failed)
    throw new CollaborationError('unavailable', `the delegation could not be sent to ${assignee!.id}: ${failed.error}`, {
      message_id: sent.message_id,
    });
  await c.db.insert(collaborationSubtasks).values({
    id: input.subtask_id,
    sessionId,
    parentTaskId: input.parent_task_id ?? null,
    coordinatorId: coordinator!.id,
    assigneeId: assignee!.id,
    description: input.subtask_description,
    deadline,
    contextualData: input.contextual_data ?? null,
    status: 'delegated',
    messageId: sent.message_id,
  });
  const agent = (await c.platform.getAgent(assignee!.id))!;
  await c.platform.setTags(assignee!.id, withStatus(agent.tags, 'busy'));
  return {
    subtask_id: input.subtask_id,
    message_id: sent.message_id,
    assigned_agent_id: assignee!.id,
    assignee_status: 'busy' as const,
    session_id: sessionId,
    deadline: deadline?.toISOString() ?? null,
  };
}

export interface ResultInput {
  subtask_id: string;
  model_id: string;
  content: string;
}

/**
 * merge_results: one document with a section per subtask (in the order the results came) naming
 * the agent that produced each part, plus the same as structured parts. A result for a recorded
 * subtask from its assignee completes it (status done, latency measured from the delegation) and,
 * once the assignee has no open subtask left, sets it `status:idle` again.
 */
export async function mergeResults(c: Collab, results: readonly ResultInput[]) {
  if (results.length === 0) throw new CollaborationError('invalid_input', 'results is empty: there is nothing to merge');
  const ids = [...new Set(results.map((r) => r.subtask_id))];
  const recorded = new Map(
    (await c.db.select().from(collaborationSubtasks).where(inArray(collaborationSubtasks.id, ids))).map((s) => [s.id, s]),
  );
  const sections: string[] = [];
  const warnings: string[] = [];
  const completed: string[] = [];
  for (const id of ids) {
    const s = recorded.get(id);
    const parts = results.filter((r) => r.subtask_id === id);
    sections.push(
      [
        `## Subtask ${id}${s ? `: ${s.description}` : ''}`,
        ...parts.map((p) => `### Produced by ${p.model_id}\n\n${p.content.trim()}`),
      ].join('\n\n'),
    );
    if (!s) continue;
    const own = parts.find((p) => p.model_id === s.assigneeId);
    for (const p of parts)
      if (p.model_id !== s.assigneeId)
        warnings.push(`subtask ${id} was delegated to ${s.assigneeId}, not ${p.model_id}: that part does not complete it`);
    if (own && (s.status === 'delegated' || s.status === 'in_progress')) {
      await c.db
        .update(collaborationSubtasks)
        .set({ status: 'done', completedAt: new Date(), resultContent: own.content })
        .where(and(eq(collaborationSubtasks.id, id), inArray(collaborationSubtasks.status, ['delegated', 'in_progress'])));
      completed.push(id);
    }
  }
  for (const assignee of new Set(completed.map((id) => recorded.get(id)!.assigneeId))) await freeIfIdle(c, assignee);
  const contributors = [...new Set(results.map((r) => r.model_id))].map((m) => ({
    model_id: m,
    subtask_ids: [...new Set(results.filter((r) => r.model_id === m).map((r) => r.subtask_id))],
  }));
  return {
    merged: sections.join('\n\n'),
    parts: results.map((r) => ({
      subtask_id: r.subtask_id,
      model_id: r.model_id,
      content: r.content,
      description: recorded.get(r.subtask_id)?.description ?? null,
    })),
    contributors,
    subtasks_completed: completed,
    warnings,
  };
}

async function freeIfIdle(c: Collab, agentId: string) {
  const open = await c.db
    .select({ id: collaborationSubtasks.id })
    .from(collaborationSubtasks)
    .where(and(eq(collaborationSubtasks.assigneeId, agentId), inArray(collaborationSubtasks.status, ['delegated', 'in_progress'])))
    .limit(1);
  if (open.length > 0) return;
  const agent = await c.platform.getAgent(agentId);
  if (agent && agent.tags.includes('status:busy')) await c.platform.setTags(agentId, withStatus(agent.tags, 'idle'));
}

/** A subtask the sender works on moves to in_progress when it shares a plan update about it. */
export async function markInProgress(c: Collab, subtaskId: string, agentId: string): Promise<boolean> {
  const r = await c.db
    .update(collaborationSubtasks)
    .set({ status: 'in_progress' })
    .where(
      and(
        eq(collaborationSubtasks.id, subtaskId),
        eq(collaborationSubtasks.assigneeId, agentId),
        eq(collaborationSubtasks.status, 'delegated'),
        ne(collaborationSubtasks.status, 'done'),
      ),
    )
    .returning({ id: collaborationSubtasks.id });
  return r.length > 0;
}
