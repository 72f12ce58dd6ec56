import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { backgroundJobRuns, dispatchedTasks } from '../db/schema/orchestration.ts';

/** One trigger of a job with what became of its dispatch, as the Schedules page shows it. */
export interface JobRunDetail {
  run_id: string;
  fired_at: string;
  outcome: 'DISPATCHED' | 'FAILED';
  error: string | null;
  dispatched_task_id: string | null;
  dispatch_status: 'QUEUED_FOR_DELIVERY' | 'DELIVERY_ACKNOWLEDGED' | null;
  acknowledged_at: string | null;
  /** The target's answer (first 2000 characters), once it gave one. */
  reply_text: string | null;
}

/** A job's latest runs, newest first, each with its dispatch's state and reply. */
export async function jobRuns(db: Db, jobId: string, limit = 20): Promise<JobRunDetail[]> {
  const rows = await db
    .select({ run: backgroundJobRuns, d: dispatchedTasks })
    .from(backgroundJobRuns)
    .leftJoin(dispatchedTasks, eq(dispatchedTasks.id, backgroundJobRuns.dispatchedTaskId))
    .where(eq(backgroundJobRuns.jobId, jobId))
    .orderBy(desc(backgroundJobRuns.firedAt))
    .limit(limit);
  return rows.map(({ run, d }) => ({
    run_id: run.id,
    fired_at: run.firedAt.toISOString(),
    outcome: run.outcome,
    error: run.error,
    dispatched_task_id: run.dispatchedTaskId,
    dispatch_status: d?.status ?? null,
    acknowledged_at: d?.acknowledgedAt?.toISOString() ?? null,
    reply_text: d?.replyText ? d.replyText.slice(0, 2000) : null,
  }));
}
