import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import { recordAudit } from '../audit/log.ts';
import type { Db } from '../db/client.ts';
import { qaResults, qaReviewActions, type QaResultRow, type QaReviewActionRow } from '../db/schema/index.ts';
import { QA_REVIEWERS } from '../../lib/roles.ts';
import { carryReview } from './carry.ts';
import { actionCount, refreshReviewedFigures } from './figures.ts';
import { reviewedFigures, type ReviewedFigures, type ScoringSkill } from './reviewed-figures.ts';
import type { ReviewInput } from '../../lib/review-input.ts';
import { planReviewAction, type ReviewFailureCode } from './review-plan.ts';
import { reviewState } from './review-state.ts';

export type ReviewOutcome =
  | {
      ok: true;
      status: QaResultRow['reviewStatus'];
      overridden: boolean;
      humanScore: number | null;
      signOffsNeeded: number;
      signOffs: number;
      reviewedScore: number | null;
      recordScore: number | null;
      recordFailedMandatory: number;
    }
  | { ok: false; code: ReviewFailureCode; message: string };

const no = (code: ReviewFailureCode, message: string): ReviewOutcome => ({ ok: false, code, message });
const ATTEMPTS = 3;
/** Sorts after every stored timestamp: the planned action is the newest while the state is worked out. */
const PLANNED_AT = '9999-12-31';

/**
 * Applies one review action: checks who may and that it makes sense against the AI's result and the review so
 * far; for a decision, computes the reviewed figures it leads to (reviewed-figures.ts — the scoring skill is called
 * outside the transaction); then, in one transaction with the result row locked, checks that nobody acted in the
 * meantime (else starts again), appends the action, stores the review summary and the figures, and audits the
 * action with its full content. Adopting a later analysis also moves the call's record and carries the review.
 */
export async function reviewQaResult(db: Db, actor: Actor, input: ReviewInput, scoring: ScoringSkill): Promise<ReviewOutcome> {
  if (actor.kind !== 'user')
    return no('forbidden', 'QA reviews are made by people signed in to the console; agents and scripts may only read them');
  if (!QA_REVIEWERS.includes(actor.role)) return no('forbidden', 'only compliance managers and admins review QA results');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [row] = await db.select().from(qaResults).where(eq(qaResults.id, input.qa_result_id));
    if (!row) return no('not_found', `no QA result ${input.qa_result_id}`);
    const actions = await db
      .select()
      .from(qaReviewActions)
      .where(eq(qaReviewActions.qaResultId, row.id))
      .orderBy(asc(qaReviewActions.createdAt));
    const planned = planReviewAction(row, reviewState(actions), { ...actor, kind: 'user' }, input);
    if (!planned.ok) return planned;
    const draft = { ...planned.values, id: 'planned', createdAt: PLANNED_AT } as QaReviewActionRow;
    const figures =
      input.action === 'rule' || input.action === 'score' ? await reviewedFigures(row, reviewState([...actions, draft]), scoring) : null;
    const outcome = await db.transaction(async (tx) => {
      await tx.select({ id: qaResults.id }).from(qaResults).where(eq(qaResults.id, row.id)).for('update');
      if ((await actionCount(tx as unknown as Db, row.id)) !== actions.length) return null;
      return write(tx as unknown as Db, actor, input, row, actions, planned.values, figures);
    });
    if (!outcome) continue;
    if (input.action === 'reanalysis' && input.decision === 'adopt') {
      await refreshReviewedFigures(db, row.pendingReanalysisId!, scoring);
    }
    return outcome;
  }
  return no('conflict', 'another reviewer changed this review at the same moment; reload the call and try again');
}

async function write(
  tx: Db,
  actor: Actor,
  input: ReviewInput,
  row: QaResultRow,
  actions: QaReviewActionRow[],
  values: typeof qaReviewActions.$inferInsert,
  figures: ReviewedFigures | null,
): Promise<ReviewOutcome> {
  // Strictly after the record's newest action, even when both fall in one tick of the database's clock
  // (PGlite's can be coarse): which sign-offs a changed decision voids depends on this order (review-state.ts).
  const newest = actions.at(-1)?.createdAt;
  const createdAt = newest ? sql`greatest(now(), ${newest}::timestamptz + interval '1 microsecond')` : undefined;
  const [stored] = await tx
    .insert(qaReviewActions)
    .values({ ...values, ...(createdAt ? { createdAt } : {}) })
    .returning();
  const after = reviewState([...actions, stored!]);
  const adopt = input.action === 'reanalysis' && input.decision === 'adopt';
  const [updated] = await tx
    .update(qaResults)
    .set({
      reviewStatus: after.status,
      overridden: after.overridden,
      humanScore: after.humanScore,
      updatedAt: sql`now()`,
      ...(figures ? { ...figures, reviewedFromActionId: figures.reviewedFromActionId && stored!.id } : {}),
      ...(input.action === 'reanalysis' ? { pendingReanalysisId: null, ...(adopt ? { latest: false } : {}) } : {}),
    })
    .where(eq(qaResults.id, row.id))
    .returning();
  let carried: Awaited<ReturnType<typeof carryReview>> | null = null;
  if (adopt) {
    const [later] = await tx
      .update(qaResults)
      .set({ latest: true, updatedAt: sql`now()` })
      .where(eq(qaResults.id, row.pendingReanalysisId!))
      .returning();
    if (later) carried = await carryReview(tx, row, later);
  }
  await recordAudit(tx, {
    actor,
    action: `qa_review.${input.action}`,
    args: input,
    status: 'ok',
    detail: {
      qa_result_id: row.id,
      call_id: row.callId,
      status: after.status,
      ...(figures ? { reviewed_score: figures.reviewedScore, reviewed_failed_mandatory: figures.reviewedFailedMandatory } : {}),
      ...(carried
        ? { adopted: row.pendingReanalysisId, carried: carried.carried, not_carried: carried.notes.filter((n) => !n.carried).length }
        : {}),
    },
    content: { ...stored, call_id: row.callId, run_id: row.runId },
  });
  return {
    ok: true,
    status: after.status,
    overridden: after.overridden,
    humanScore: after.humanScore,
    signOffsNeeded: after.signOffsNeeded,
    signOffs: after.signOffs.length,
    reviewedScore: updated!.reviewedScore,
    recordScore: updated!.recordScore,
    recordFailedMandatory: updated!.recordFailedMandatory ?? 0,
  };
}
