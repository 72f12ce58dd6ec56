import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { qaResults, qaReviewActions } from '../db/schema/index.ts';
import { reviewedFigures, type ScoringSkill } from './reviewed-figures.ts';
import { reviewState } from './review-state.ts';

/**
 * Writing a result's reviewed figures. The scoring skill is called outside any transaction (a slow skill must not
 * hold the database), so the figures are computed from a read and written only if the review has not changed since
 * (same number of actions, checked under the row lock); otherwise they are computed again.
 */
const ATTEMPTS = 3;

export async function actionCount(tx: Db, id: string): Promise<number> {
  const [r] = await tx.select({ n: count() }).from(qaReviewActions).where(eq(qaReviewActions.qaResultId, id));
  return Number(r?.n ?? 0);
}

/** Recomputes and stores the reviewed figures of result `id`; false when it vanished or kept changing. */
export async function refreshReviewedFigures(db: Db, id: string, scoring: ScoringSkill): Promise<boolean> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const [row] = await db.select().from(qaResults).where(eq(qaResults.id, id));
    if (!row) return false;
    const actions = await db
      .select()
      .from(qaReviewActions)
      .where(eq(qaReviewActions.qaResultId, id))
      .orderBy(asc(qaReviewActions.createdAt));
    const figures = await reviewedFigures(row, reviewState(actions), scoring);
    const written = await db.transaction(async (tx) => {
      await tx.select({ id: qaResults.id }).from(qaResults).where(eq(qaResults.id, id)).for('update');
      if ((await actionCount(tx as unknown as Db, id)) !== actions.length) return false;
      await tx
        .update(qaResults)
        .set({ ...figures, reviewedStale: false })
        .where(eq(qaResults.id, id));
      return true;
    });
    if (written) return true;
  }
  return false;
}

/** Results whose carried decisions still wait for their figures (a crash between carry and compute): a few a pass. */
export async function refreshStaleReviewedFigures(db: Db, scoring: ScoringSkill, limit = 20): Promise<number> {
  const stale = await db.select({ id: qaResults.id }).from(qaResults).where(eq(qaResults.reviewedStale, true)).limit(limit);
  let n = 0;
  for (const s of stale) if (await refreshReviewedFigures(db, s.id, scoring)) n++;
  return n;
}
