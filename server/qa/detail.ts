import { asc, desc, eq } from 'drizzle-orm';
import type { ReanalysisDifference } from '../contracts/qa-view.ts';
import type { Db } from '../db/client.ts';
import { qaResults, qaReviewActions, type QaResultRow, type QaReviewActionRow } from '../db/schema/index.ts';
import { reviewState } from './review-state.ts';

/**
 * One QA result with everything the call detail shows: the AI's result, the review actions (in
 * order) and what they add up to (current decision per rule, status, sign-offs), the other
 * analyses of the same call, and — on a signed-off record — the analysis made after its sign-off.
 */
export interface QaDetail {
  result: QaResultRow;
  actions: QaReviewActionRow[];
  review: {
    status: QaResultRow['reviewStatus'];
    overridden: boolean;
    humanScore: number | null;
    mandatoryOverride: boolean;
    signOffsNeeded: number;
    signOffs: Array<{ by: string; at: string }>;
    /** The current decision per rule id. */
    rules: Record<string, { decision: string; verdict: string | null; reason: string | null; by: string; at: string }>;
    score: { decision: string; score: number | null; reason: string | null; by: string; at: string } | null;
  };
  otherAnalyses: Array<{
    id: string;
    runId: string;
    runFinishedAt: string;
    score: number | null;
    workflowVersion: string;
    latest: boolean;
    reviewStatus: string;
    reanalysisOf: string | null;
    testRun: boolean;
  }>;
  /** On a signed-off record: the analysis made after the sign-off, and where it differs from the signed record. */
  reanalysis: {
    id: string;
    runId: string;
    runFinishedAt: string;
    workflowVersion: string;
    score: number | null;
    differences: ReanalysisDifference[];
  } | null;
}

/** Where `later` differs from the signed record `signed` as reviewed: each rule's verdict, then the score. */
export function reanalysisDifferences(signed: QaResultRow, later: QaResultRow): ReanalysisDifference[] {
  const was = new Map((signed.reviewedVerdicts ?? signed.verdicts).map((v) => [v.rule_id, v]));
  const now = new Map(later.verdicts.map((v) => [v.rule_id, v]));
  const out: ReanalysisDifference[] = [];
  for (const id of new Set([...was.keys(), ...now.keys()])) {
    const a = was.get(id);
    const b = now.get(id);
    if (a?.verdict === b?.verdict) continue;
    out.push({ rule_id: id, rule: (b ?? a)!.rule, mandatory: (b ?? a)!.mandatory, signed: a?.verdict ?? null, later: b?.verdict ?? null });
  }
  if (signed.recordScore !== later.score) {
    out.push({
      rule_id: null,
      rule: null,
      mandatory: false,
      signed: signed.recordScore?.toString() ?? null,
      later: later.score?.toString() ?? null,
    });
  }
  return out;
}

export async function qaDetail(db: Db, id: string): Promise<QaDetail | null> {
  const [result] = await db.select().from(qaResults).where(eq(qaResults.id, id));
  if (!result) return null;
  const [actions, others] = await Promise.all([
    db.select().from(qaReviewActions).where(eq(qaReviewActions.qaResultId, id)).orderBy(asc(qaReviewActions.createdAt)),
    db
      .select({
        id: qaResults.id,
        runId: qaResults.runId,
        runFinishedAt: qaResults.runFinishedAt,
        score: qaResults.score,
        workflowVersion: qaResults.workflowVersion,
        latest: qaResults.latest,
        reviewStatus: qaResults.reviewStatus,
        reanalysisOf: qaResults.reanalysisOf,
        testRun: qaResults.testRun,
      })
      .from(qaResults)
      .where(eq(qaResults.callId, result.callId))
      .orderBy(desc(qaResults.runFinishedAt)),
  ]);
  const [later] = result.pendingReanalysisId ? await db.select().from(qaResults).where(eq(qaResults.id, result.pendingReanalysisId)) : [];
  const s = reviewState(actions);
  const rules = Object.fromEntries(
    [...s.decisions].map(([rule, a]) => [
      rule,
      { decision: a.decision ?? 'agree', verdict: a.humanVerdict, reason: a.reason, by: a.userLabel, at: a.createdAt },
    ]),
  );
  const sd = s.scoreDecision;
  return {
    result,
    actions,
    review: {
      status: s.status,
      overridden: s.overridden,
      humanScore: s.humanScore,
      mandatoryOverride: s.mandatoryOverride,
      signOffsNeeded: s.signOffsNeeded,
      signOffs: s.signOffs.map((a) => ({ by: a.userLabel, at: a.createdAt })),
      rules,
      score: sd ? { decision: sd.decision ?? 'agree', score: sd.humanScore, reason: sd.reason, by: sd.userLabel, at: sd.createdAt } : null,
    },
    otherAnalyses: others.filter((o) => o.id !== id),
    reanalysis: later
      ? {
          id: later.id,
          runId: later.runId,
          runFinishedAt: later.runFinishedAt,
          workflowVersion: later.workflowVersion,
          score: later.score,
          differences: reanalysisDifferences(result, later),
        }
      : null,
  };
}
