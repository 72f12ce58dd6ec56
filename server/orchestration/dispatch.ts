import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { AgentPlatform, StoredMessage } from '../contracts/agent-platform.ts';
import type { Db } from '../db/client.ts';
import { dispatchedTasks, type DispatchedTaskRow, type DispatchStatus } from '../db/schema/orchestration.ts';
import { carriesDispatch, renderDispatch, renderReply, type DispatchedTaskMessage } from './dispatch-message.ts';

export interface Dispatcher {
  kind: 'agent' | 'user' | 'system';
  id: string;
}

export interface DispatchRequest {
  targetAgentId: string;
  taskType: string;
  taskPayload: Record<string, unknown>;
  replyExpected: boolean;
  dispatcher: Dispatcher;
  backgroundJob?: { id: string; jobName: string; firedAt: Date };
}

/**
 * dispatch_task_to_agent (spec 5.2), also the path every background job trigger takes: the
 * dispatch is recorded first, then queued on the platform (`queueMessage`: durable, delivered
 * after the target's running turn and after restarts). The caller checks that the target exists.
 * If queueing fails the record is removed and the error rethrown, so no dispatch claims a
 * delivery that never happened.
 */
export async function dispatchTask(
  platform: AgentPlatform,
  db: Db,
  req: DispatchRequest,
): Promise<{ dispatched_task_id: string; status: DispatchStatus }> {
  const [row] = await db
    .insert(dispatchedTasks)
    .values({
      targetAgentId: req.targetAgentId,
      dispatcherKind: req.dispatcher.kind,
      dispatcherId: req.dispatcher.id,
      taskType: req.taskType,
      taskPayload: req.taskPayload,
      replyExpected: req.replyExpected,
      backgroundJobId: req.backgroundJob?.id ?? null,
    })
    .returning({ id: dispatchedTasks.id });
  const id = row!.id;
  const message: DispatchedTaskMessage = {
    type: 'dispatched_task',
    dispatched_task_id: id,
    task_type: req.taskType,
    task_payload: req.taskPayload,
    reply_expected: req.replyExpected,
    dispatched_by: req.dispatcher,
    ...(req.backgroundJob
      ? {
          background_job: {
            internal_job_id: req.backgroundJob.id,
            job_name: req.backgroundJob.jobName,
            fired_at: req.backgroundJob.firedAt.toISOString(),
          },
        }
      : {}),
  };
  try {
    await platform.queueMessage(req.targetAgentId, { role: 'user', content: renderDispatch(message) });
  } catch (err) {
    await db.delete(dispatchedTasks).where(eq(dispatchedTasks.id, id));
    throw err;
  }
  return { dispatched_task_id: id, status: 'QUEUED_FOR_DELIVERY' };
}

/** How far back in the target's history a dispatch is looked for. */
const HISTORY_WINDOW = 200;

/**
 * Brings one dispatch up to date from the target's history (the same on the local runtime and
 * on Letta): the task's message in it means the target's turn took it (`DELIVERY_ACKNOWLEDGED`);
 * with `reply_expected`, the assistant text that follows it in that turn is its reply, recorded
 * here and, for an agent dispatcher, sent to that agent as a `dispatched_task_reply` message
 * (from the target). The reply is claimed with a conditional update first, so several processes
 * refreshing the same dispatch route it once.
 */
export async function refreshDispatch(platform: AgentPlatform, db: Db, row: DispatchedTaskRow): Promise<DispatchedTaskRow> {
  // The port answers the latest `limit` messages, oldest first.
  const history = await platform.listMessages(row.targetAgentId, { limit: HISTORY_WINDOW });
  const at = history.findIndex((m) => m.event.message_type === 'user_message' && carriesDispatch(m.event.content, row.id));
  if (at < 0) return row;
  let current = row;
  if (row.status === 'QUEUED_FOR_DELIVERY') {
    const [acked] = await db
      .update(dispatchedTasks)
      .set({ status: 'DELIVERY_ACKNOWLEDGED', acknowledgedAt: new Date(history[at]!.created_at) })
      .where(and(eq(dispatchedTasks.id, row.id), eq(dispatchedTasks.status, 'QUEUED_FOR_DELIVERY')))
      .returning();
    current = acked ?? current;
  }
  if (!row.replyExpected || row.replyAt) return current;
  const reply = replyAfter(history, at);
  if (reply === null) return current;
  const routeTo = row.dispatcherKind === 'agent' ? row.dispatcherId : null;
  const [claimed] = await db
    .update(dispatchedTasks)
    .set({ replyText: reply, replyAt: new Date(), replyRoutedTo: routeTo })
    .where(and(eq(dispatchedTasks.id, row.id), isNull(dispatchedTasks.replyAt)))
    .returning();
  if (!claimed) return current;
  if (routeTo) {
    const text = renderReply({
      type: 'dispatched_task_reply',
      dispatched_task_id: row.id,
      task_type: row.taskType,
      from_agent_id: row.targetAgentId,
      reply_text: reply,
    });
    await platform.sendMessageToAgentAsync(row.targetAgentId, routeTo, text);
  }
  return claimed;
}

/**
 * The target's reply to the message at `at`: its assistant messages up to the next inbound
 * message, joined; null while there are none yet (the turn is still running or has not answered).
 */
export function replyAfter(history: StoredMessage[], at: number): string | null {
  const parts: string[] = [];
  for (const m of history.slice(at + 1)) {
    const type = m.event.message_type;
    if (type === 'user_message' || type === 'system_message') break;
    if (m.event.message_type === 'assistant_message' && m.event.content.trim()) parts.push(m.event.content);
  }
  return parts.length ? parts.join('\n\n') : null;
}

/** Dispatches still waiting for an acknowledgement or an expected reply, oldest first (within `maxAgeMs`). */
export async function openDispatches(db: Db, maxAgeMs: number, limit = 100): Promise<DispatchedTaskRow[]> {
  const since = new Date(Date.now() - maxAgeMs);
  return db
    .select()
    .from(dispatchedTasks)
    .where(
      and(
        gt(dispatchedTasks.createdAt, since),
        or(
          eq(dispatchedTasks.status, 'QUEUED_FOR_DELIVERY'),
          and(eq(dispatchedTasks.replyExpected, true), isNull(dispatchedTasks.replyAt)),
        ),
      ),
    )
    .orderBy(dispatchedTasks.createdAt)
    .limit(limit);
}

export async function getDispatch(db: Db, id: string): Promise<DispatchedTaskRow | null> {
  const [row] = await db.select().from(dispatchedTasks).where(eq(dispatchedTasks.id, id));
  return row ?? null;
}

/** The dispatches of a background job, newest first. */
export async function dispatchesOfJob(db: Db, jobId: string, limit = 20): Promise<DispatchedTaskRow[]> {
  return db
    .select()
    .from(dispatchedTasks)
    .where(eq(dispatchedTasks.backgroundJobId, jobId))
    .orderBy(desc(dispatchedTasks.createdAt))
    .limit(limit);
}
