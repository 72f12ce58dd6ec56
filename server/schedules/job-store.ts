import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { backgroundJobRuns, backgroundJobs, type BackgroundJobRow, type BackgroundJobRunRow } from '../db/schema/orchestration.ts';
import type { Schedule } from './schedule-spec.ts';

export interface NewJob {
  jobName: string;
  jobTypeIdentifier: string;
  schedule: Schedule;
  targetAgentId: string;
  taskType: string;
  taskPayload: Record<string, unknown>;
  enabled: boolean;
  createdBy: { kind: string; id: string };
}

/** What update_background_job may change on a job. */
export interface JobPatch {
  jobName?: string;
  schedule?: Schedule;
  taskPayload?: Record<string, unknown>;
}

/** Drizzle access to `background_jobs` and `background_job_runs` (server/db/schema/orchestration.ts). */
export class JobStore {
  constructor(readonly db: Db) {}

  /** The new job, or null when `job_name` is taken (the unique index decides, also between processes). */
  async insert(job: NewJob): Promise<BackgroundJobRow | null> {
    const [row] = await this.db
      .insert(backgroundJobs)
      .values({
        jobName: job.jobName,
        jobTypeIdentifier: job.jobTypeIdentifier,
        cronExpression: job.schedule.kind === 'cron' ? job.schedule.pattern : null,
        timezone: job.schedule.kind === 'cron' ? job.schedule.timezone : null,
        intervalSeconds: job.schedule.kind === 'interval' ? job.schedule.seconds : null,
        targetAgentId: job.targetAgentId,
        taskType: job.taskType,
        taskPayload: job.taskPayload,
        enabled: job.enabled,
        createdByKind: job.createdBy.kind,
        createdById: job.createdBy.id,
      })
      .onConflictDoNothing({ target: backgroundJobs.jobName })
      .returning();
    return row ?? null;
  }

  async get(id: string): Promise<BackgroundJobRow | null> {
    const [row] = await this.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, id));
    return row ?? null;
  }

  async byName(name: string): Promise<BackgroundJobRow | null> {
    const [row] = await this.db.select().from(backgroundJobs).where(eq(backgroundJobs.jobName, name));
    return row ?? null;
  }

  async list(): Promise<BackgroundJobRow[]> {
    return this.db.select().from(backgroundJobs).orderBy(backgroundJobs.jobName);
  }

  async setEnabled(id: string, enabled: boolean): Promise<BackgroundJobRow | null> {
    const [row] = await this.db.update(backgroundJobs).set({ enabled, updatedAt: new Date() }).where(eq(backgroundJobs.id, id)).returning();
    return row ?? null;
  }

  /**
   * Changes a job's name, schedule or task payload (what is not given stays). Null when the job
   * is gone; 'name_taken' when another job has the new name (the unique index decides).
   */
  async update(id: string, patch: JobPatch): Promise<BackgroundJobRow | null | 'name_taken'> {
    const s = patch.schedule;
    const set = {
      ...(patch.jobName !== undefined ? { jobName: patch.jobName } : {}),
      ...(s
        ? {
            cronExpression: s.kind === 'cron' ? s.pattern : null,
            timezone: s.kind === 'cron' ? s.timezone : null,
            intervalSeconds: s.kind === 'interval' ? s.seconds : null,
          }
        : {}),
      ...(patch.taskPayload !== undefined ? { taskPayload: patch.taskPayload } : {}),
      updatedAt: new Date(),
    };
    if (patch.jobName !== undefined) {
      const other = await this.byName(patch.jobName);
      if (other && other.id !== id) return 'name_taken';
    }
    try {
      const [row] = await this.db.update(backgroundJobs).set(set).where(eq(backgroundJobs.id, id)).returning();
      return row ?? null;
    } catch (err) {
      // Another process took the name between the check and the write.
      if (patch.jobName !== undefined && /unique|duplicate/i.test(String((err as { cause?: unknown }).cause ?? err))) return 'name_taken';
      throw err;
    }
  }

  /** Deletes the job and its runs (cascade); false when it did not exist. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.delete(backgroundJobs).where(eq(backgroundJobs.id, id)).returning({ id: backgroundJobs.id });
    return rows.length > 0;
  }

  /**
   * Claims a tick: a run row for (job, tick), written as FAILED "interrupted" until the dispatch
   * is done, so a trigger cut off by a crash reads as what it is. Null when the tick already has
   * a run (a second delivery of the same tick, by any process).
   */
  async claimTick(jobId: string, tick: string): Promise<BackgroundJobRunRow | null> {
    const [row] = await this.db
      .insert(backgroundJobRuns)
      .values({ jobId, tick, outcome: 'FAILED', error: 'the trigger was interrupted before its task was dispatched' })
      .onConflictDoNothing({ target: [backgroundJobRuns.jobId, backgroundJobRuns.tick] })
      .returning();
    return row ?? null;
  }

  async runDispatched(runId: string, dispatchedTaskId: string): Promise<void> {
    await this.db
      .update(backgroundJobRuns)
      .set({ outcome: 'DISPATCHED', dispatchedTaskId, error: null })
      .where(eq(backgroundJobRuns.id, runId));
  }

  async runFailed(runId: string, error: string): Promise<void> {
    await this.db.update(backgroundJobRuns).set({ outcome: 'FAILED', error }).where(eq(backgroundJobRuns.id, runId));
  }

  async runs(jobId: string, limit = 20): Promise<BackgroundJobRunRow[]> {
    return this.db
      .select()
      .from(backgroundJobRuns)
      .where(eq(backgroundJobRuns.jobId, jobId))
      .orderBy(desc(backgroundJobRuns.firedAt))
      .limit(limit);
  }

  /** Each job's latest run and its number of runs. */
  async lastRuns(): Promise<Map<string, { last: BackgroundJobRunRow; count: number }>> {
    const [latest, counts] = await Promise.all([
      this.db
        .selectDistinctOn([backgroundJobRuns.jobId])
        .from(backgroundJobRuns)
        .orderBy(backgroundJobRuns.jobId, desc(backgroundJobRuns.firedAt)),
      this.db
        .select({ jobId: backgroundJobRuns.jobId, n: sql<number>`count(*)` })
        .from(backgroundJobRuns)
        .groupBy(backgroundJobRuns.jobId),
    ]);
    const n = new Map(counts.map((c) => [c.jobId, Number(c.n)]));
    return new Map(latest.map((r) => [r.jobId, { last: r, count: n.get(r.jobId) ?? 1 }]));
  }

  async countRuns(jobId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)` })
      .from(backgroundJobRuns)
      .where(eq(backgroundJobRuns.jobId, jobId));
    return Number(row?.n ?? 0);
  }
}
