import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { evalCaseResults, evalRuns, type EvalCaseResultRow, type EvalRunRow } from '../db/schema/evals.ts';
import { compareCases } from './compare.ts';

/** A run as the console and the CLI show it (dates as ISO text). */
export interface EvalRunSummary {
  id: string;
  dataset: string;
  dataset_digest: string;
  world: string;
  brain: string;
  model: string | null;
  status: string;
  started_at: string;
  finished_at: string | null;
  score: number | null;
  cases_total: number;
  cases_passed: number;
  started_by: string;
  error: string | null;
}

export const summary = (r: EvalRunRow): EvalRunSummary => ({
  id: r.id,
  dataset: r.dataset,
  dataset_digest: r.datasetDigest,
  world: r.world,
  brain: r.brain,
  model: r.model,
  status: r.status,
  started_at: r.startedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
  score: r.score,
  cases_total: r.casesTotal,
  cases_passed: r.casesPassed,
  started_by: r.startedBy,
  error: r.error,
});

/** Runs, newest first, optionally of one dataset; `before` (a started_at) pages on. */
export async function listEvalRuns(db: Db, q: { dataset?: string; limit: number; before?: string }): Promise<EvalRunSummary[]> {
  const where = and(
    q.dataset ? eq(evalRuns.dataset, q.dataset) : undefined,
    q.before ? lt(evalRuns.startedAt, new Date(q.before)) : undefined,
  );
  const rows = await db.select().from(evalRuns).where(where).orderBy(desc(evalRuns.startedAt)).limit(q.limit);
  return rows.map(summary);
}

export type EvalCaseView = Omit<EvalCaseResultRow, 'runId' | 'caseId' | 'durationMs'> & { case_id: string; duration_ms: number };

/** A run with its cases in dataset order, or null. */
export async function getEvalRun(db: Db, id: string): Promise<{ run: EvalRunSummary; cases: EvalCaseView[] } | null> {
  const [row] = await db.select().from(evalRuns).where(eq(evalRuns.id, id));
  if (!row) return null;
  const cases = await db.select().from(evalCaseResults).where(eq(evalCaseResults.runId, id)).orderBy(asc(evalCaseResults.position));
  return {
    run: summary(row),
    cases: cases.map(({ runId: _r, caseId, durationMs, ...c }) => ({ ...c, case_id: caseId, duration_ms: durationMs })),
  };
}

/** Two stored runs compared case by case (`other` against `base`); null when either is missing. */
export async function compareEvalRuns(db: Db, baseId: string, otherId: string) {
  const runs = await db
    .select()
    .from(evalRuns)
    .where(inArray(evalRuns.id, [baseId, otherId]));
  const base = runs.find((r) => r.id === baseId);
  const other = runs.find((r) => r.id === otherId);
  if (!base || !other) return null;
  const cases = await db
    .select({ runId: evalCaseResults.runId, case_id: evalCaseResults.caseId, title: evalCaseResults.title, score: evalCaseResults.score })
    .from(evalCaseResults)
    .where(inArray(evalCaseResults.runId, [baseId, otherId]))
    .orderBy(asc(evalCaseResults.position));
  const diff = compareCases(
    cases.filter((c) => c.runId === baseId),
    cases.filter((c) => c.runId === otherId),
  );
  return { base: summary(base), other: summary(other), same_dataset: base.datasetDigest === other.datasetDigest, ...diff };
}
