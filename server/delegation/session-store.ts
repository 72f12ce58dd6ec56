import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  delegationEvents,
  delegationSessions,
  delegationTasks,
  type DelegationEventRow,
  type DelegationSessionRow,
  type DelegationTaskRow,
  type TaskStatus,
} from '../db/schema/delegation.ts';

export type NewSession = typeof delegationSessions.$inferInsert;
export type NewTask = typeof delegationTasks.$inferInsert;

/** What happened in a session (the kinds of `delegation_events`). */
export type SessionEventKind =
  | 'session_created'
  | 'companion_created'
  | 'companion_dismissed'
  | 'companion_status'
  | 'task_delegated'
  | 'task_offered'
  | 'task_claimed'
  | 'task_progress'
  | 'task_result'
  | 'task_cancelled'
  | 'strategic_advice'
  | 'guidelines_updated'
  | 'session_context_updated'
  | 'message_rejected'
  | 'block_edited'
  | 'webhook'
  | 'conductor_answered'
  | 'session_finalized';

export interface NewSessionEvent {
  sessionId: string;
  kind: SessionEventKind;
  actor?: string | null;
  subject?: string | null;
  taskId?: string | null;
  payload?: Record<string, unknown>;
}

/** Sessions, their tasks and their activity in the app database. */
export class SessionStore {
  constructor(readonly db: Db) {}

  async insertSession(s: NewSession): Promise<DelegationSessionRow> {
    const [row] = await this.db.insert(delegationSessions).values(s).returning();
    return row!;
  }

  async session(id: string): Promise<DelegationSessionRow | null> {
    const [row] = await this.db.select().from(delegationSessions).where(eq(delegationSessions.id, id));
    return row ?? null;
  }

  /** The active session whose Conductor is `conductorId`, or else its latest. */
  async sessionOfConductor(conductorId: string): Promise<DelegationSessionRow | null> {
    const rows = await this.db
      .select()
      .from(delegationSessions)
      .where(eq(delegationSessions.conductorId, conductorId))
      .orderBy(desc(delegationSessions.createdAt));
    return rows.find((r) => r.status === 'active') ?? rows[0] ?? null;
  }

  async sessionOfStrategist(strategistId: string): Promise<DelegationSessionRow | null> {
    const [row] = await this.db
      .select()
      .from(delegationSessions)
      .where(eq(delegationSessions.strategistId, strategistId))
      .orderBy(desc(delegationSessions.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Sessions newest first; only the owner's when `ownerUserId` is given. */
  async sessions(opts: { ownerUserId?: string; limit?: number } = {}): Promise<DelegationSessionRow[]> {
    const q = this.db.select().from(delegationSessions);
    const filtered = opts.ownerUserId ? q.where(eq(delegationSessions.ownerUserId, opts.ownerUserId)) : q;
    return filtered.orderBy(desc(delegationSessions.updatedAt)).limit(opts.limit ?? 100);
  }

  async updateSession(id: string, patch: Partial<NewSession>): Promise<void> {
    await this.db
      .update(delegationSessions)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(delegationSessions.id, id));
  }

  async insertTask(t: NewTask): Promise<DelegationTaskRow> {
    const [row] = await this.db.insert(delegationTasks).values(t).returning();
    return row!;
  }

  async task(sessionId: string, taskId: string): Promise<DelegationTaskRow | null> {
    const [row] = await this.db
      .select()
      .from(delegationTasks)
      .where(and(eq(delegationTasks.sessionId, sessionId), eq(delegationTasks.taskId, taskId)));
    return row ?? null;
  }

  /** The session's tasks, oldest first. */
  async tasks(sessionId: string): Promise<DelegationTaskRow[]> {
    return this.db
      .select()
      .from(delegationTasks)
      .where(eq(delegationTasks.sessionId, sessionId))
      .orderBy(asc(delegationTasks.delegatedAt), asc(delegationTasks.taskId));
  }

  /** The open task (delegated, no result yet) of a Companion. */
  async openTaskOf(companionId: string): Promise<DelegationTaskRow | null> {
    const [row] = await this.db
      .select()
      .from(delegationTasks)
      .where(and(eq(delegationTasks.companionId, companionId), eq(delegationTasks.status, 'delegated')))
      .orderBy(desc(delegationTasks.delegatedAt))
      .limit(1);
    return row ?? null;
  }

  async updateTask(sessionId: string, taskId: string, patch: Partial<NewTask>): Promise<void> {
    await this.db
      .update(delegationTasks)
      .set(patch)
      .where(and(eq(delegationTasks.sessionId, sessionId), eq(delegationTasks.taskId, taskId)));
  }

  /**
   * Ends a task with its result, once: only a task still open (`offered` or `delegated`)
   * changes; false when it had ended already (a result delivered twice is recorded once).
   */
  async finishTask(
    sessionId: string,
    taskId: string,
    patch: {
      status: Exclude<TaskStatus, 'offered' | 'delegated'>;
      output?: Record<string, unknown> | null;
      metrics?: Record<string, unknown> | null;
      error?: string | null;
      companionId?: string;
    },
  ): Promise<boolean> {
    const rows = await this.db
      .update(delegationTasks)
      .set({ ...patch, completedAt: new Date() })
      .where(
        and(
          eq(delegationTasks.sessionId, sessionId),
          eq(delegationTasks.taskId, taskId),
          inArray(delegationTasks.status, ['offered', 'delegated']),
        ),
      )
      .returning({ taskId: delegationTasks.taskId });
    return rows.length > 0;
  }

  /** Gives an offered (broadcast) task to the first Companion that claims it; false when someone else has it. */
  async claimTask(sessionId: string, taskId: string, companionId: string): Promise<boolean> {
    const rows = await this.db
      .update(delegationTasks)
      .set({ companionId, status: 'delegated' })
      .where(and(eq(delegationTasks.sessionId, sessionId), eq(delegationTasks.taskId, taskId), eq(delegationTasks.status, 'offered')))
      .returning({ taskId: delegationTasks.taskId });
    return rows.length > 0;
  }

  async addEvent(e: NewSessionEvent): Promise<DelegationEventRow> {
    const [row] = await this.db
      .insert(delegationEvents)
      .values({
        sessionId: e.sessionId,
        kind: e.kind,
        actor: e.actor ?? null,
        subject: e.subject ?? null,
        taskId: e.taskId ?? null,
        payload: e.payload ?? {},
      })
      .returning();
    await this.db.update(delegationSessions).set({ updatedAt: new Date() }).where(eq(delegationSessions.id, e.sessionId));
    return row!;
  }

  /** The session's events in order, optionally only since `since` or after the event id `after`. */
  async events(
    sessionId: string,
    opts: { since?: Date; after?: number; kinds?: SessionEventKind[]; limit?: number } = {},
  ): Promise<DelegationEventRow[]> {
    const where = [eq(delegationEvents.sessionId, sessionId)];
    if (opts.since) where.push(gte(delegationEvents.at, opts.since));
    if (opts.after !== undefined) where.push(sql`${delegationEvents.id} > ${opts.after}`);
    if (opts.kinds?.length) where.push(inArray(delegationEvents.kind, opts.kinds));
    return this.db
      .select()
      .from(delegationEvents)
      .where(and(...where))
      .orderBy(asc(delegationEvents.id))
      .limit(opts.limit ?? 5000);
  }
}
