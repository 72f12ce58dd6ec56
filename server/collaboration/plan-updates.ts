import { eq } from 'drizzle-orm';
import { collaborationSessions, collaborationThreads } from '../db/schema/index.ts';
import { requireAgents } from './agents.ts';
import type { Collab } from './context.ts';
import { assertActsAs, CollaborationError } from './errors.ts';
import { sendCollaborationMessage, sessionOf } from './messaging.ts';
import { markInProgress } from './subtasks.ts';

export interface PlanUpdateInput {
  sender_id: string;
  recipient_id?: string;
  thread_id?: string;
  plan_summary: string;
  current_step?: string;
  next_steps?: string[];
  blockers?: string[];
  confidence_level?: number;
  related_task_id?: string;
}

/**
 * share_plan_update: exactly one of `recipient_id` (one agent) or `thread_id` (every other
 * participant of the thread's session; the sender must be one). The update is stored as a
 * message; a `related_task_id` naming the sender's delegated subtask moves it to in_progress.
 */
export async function sharePlanUpdate(c: Collab, input: PlanUpdateInput) {
  if ((input.recipient_id === undefined) === (input.thread_id === undefined)) {
    throw new CollaborationError('invalid_input', 'give exactly one of recipient_id or thread_id (both or neither were given)');
  }
  assertActsAs(c.actor, 'sender_id', input.sender_id);
  const [sender] = await requireAgents(c.db, c.platform, [input.sender_id], 'sender');
  let recipients;
  let sessionId: string | null;
  let threadId: string | null = null;
  if (input.recipient_id !== undefined) {
    if (input.recipient_id === input.sender_id) throw new CollaborationError('invalid_input', 'recipient_id is yourself');
    recipients = await requireAgents(c.db, c.platform, [input.recipient_id], 'recipient');
    sessionId = await sessionOf(c.db, [sender!.id, input.recipient_id]);
  } else {
    const [thread] = await c.db.select().from(collaborationThreads).where(eq(collaborationThreads.id, input.thread_id!));
    if (!thread) throw new CollaborationError('not_found', `unknown thread: ${input.thread_id}`);
    const [session] = await c.db.select().from(collaborationSessions).where(eq(collaborationSessions.id, thread.sessionId));
    if (!session!.participantIds.includes(sender!.id)) {
      throw new CollaborationError(
        'forbidden',
        `${sender!.id} is not a participant of session ${session!.id}, which thread ${thread.id} belongs to`,
      );
    }
    recipients = await requireAgents(
      c.db,
      c.platform,
      session!.participantIds.filter((p) => p !== sender!.id),
      'participant',
    );
    sessionId = session!.id;
    threadId = thread.id;
  }
  const body = {
    plan_summary: input.plan_summary,
    current_step: input.current_step ?? null,
    next_steps: input.next_steps ?? [],
    blockers: input.blockers ?? [],
    confidence_level: input.confidence_level ?? null,
    related_task_id: input.related_task_id ?? null,
    thread_id: threadId,
    session_id: sessionId,
  };
  const sent = await sendCollaborationMessage(c.db, c.platform, {
    kind: 'plan_update',
    sender: sender!.id,
    senderOnPlatform: sender!.kind === 'platform',
    recipients,
    sessionId,
    threadId,
    relatedRef: input.related_task_id ?? null,
    body,
  });
  const progressed = input.related_task_id ? await markInProgress(c, input.related_task_id, sender!.id) : false;
  return {
    message_id: sent.message_id,
    thread_id: threadId,
    session_id: sessionId,
    delivered_to: sent.delivery.filter((d) => d.status === 'sent').map((d) => d.agent_id),
    delivery: sent.delivery,
    related_task_in_progress: progressed,
  };
}
