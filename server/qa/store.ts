import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { qaResults, type QaResultRow } from '../db/schema/index.ts';
import { carryReview } from './carry.ts';
import type { QaRecordInput } from '../../lib/qa-record.ts';

/**
 * Writing the QA results store. `upsertQaRecords` is the projection's only write: keyed by (run, call), so a
 * re-delivered or redriven run updates its rows and never duplicates them. The AI's fields are replaced; the review
 * (status, overrides, reviewed figures) is kept.
 *
 * Then each call's record (`latest`: what the queue, the dashboard and the exports count) is settled:
 * - the newest analysis by run end becomes the record, and unsigned work in progress on the previous record is
 *   carried to it where the rule and evidence are unchanged (carry.ts) — its figures are computed after the
 *   transaction (refreshStaleReviewedFigures), since that calls the scoring skill;
 * - except that a signed-off record stays the record: the newer analysis is kept beside it as "re-analysed after
 *   sign-off" (`reanalysis_of`, and the record's `pending_reanalysis_id`) until a reviewer adopts it or keeps the
 *   signed one (review.ts);
 * - a test run's results (`test_run`) never become a call's record.
 */
function derived(r: QaRecordInput) {
  const failed = r.verdicts.filter((v) => v.verdict === 'fail');
  const flag = (t: string) => r.sentiment?.flags.some((f) => f.type === t) ?? false;
  return {
    failedRuleIds: failed.map((v) => v.rule_id),
    failedMandatory: failed.filter((v) => v.mandatory).length,
    rulesPassed: r.verdicts.filter((v) => v.verdict === 'pass').length,
    rulesFailed: failed.length,
    vulnerable: flag('vulnerability'),
    confused: flag('confusion'),
    anxious: flag('anxiety'),
  };
}

type Tx = Db;

async function settleRecord(tx: Tx, callId: string): Promise<void> {
  const rows = await tx
    .select()
    .from(qaResults)
    .where(and(eq(qaResults.callId, callId), eq(qaResults.testRun, false)))
    .orderBy(desc(qaResults.runFinishedAt), desc(qaResults.createdAt));
  const newest = rows[0];
  if (!newest) return;
  const record = rows.find((r) => r.latest);
  if (record?.id === newest.id) return;
  if (record?.reviewStatus === 'signed_off') {
    if (record.pendingReanalysisId === newest.id) return;
    await tx.update(qaResults).set({ reanalysisOf: record.id, latest: false }).where(eq(qaResults.id, newest.id));
    await tx
      .update(qaResults)
      .set({ pendingReanalysisId: newest.id, updatedAt: sql`now()` })
      .where(eq(qaResults.id, record.id));
    return;
  }
  await tx
    .update(qaResults)
    .set({ latest: false })
    .where(and(eq(qaResults.callId, callId), ne(qaResults.id, newest.id), eq(qaResults.latest, true)));
  const [made] = await tx.update(qaResults).set({ latest: true }).where(eq(qaResults.id, newest.id)).returning();
  if (record && record.reviewStatus !== 'unreviewed' && made!.reviewStatus === 'unreviewed') {
    await carryReview(tx, record, made as QaResultRow);
  }
}

export async function upsertQaRecords(db: Db, records: QaRecordInput[]): Promise<number> {
  if (!records.length) return 0;
  await db.transaction(async (tx) => {
    for (const r of records) {
      // A redriven run replaces the generic store too (its absence is an empty one).
      const values = { ...r, analyses: r.analyses ?? {}, ...derived(r) };
      const { runId: _r, callId: _c, ...update } = values;
      // A new analysis is not the record until settled below; a re-delivery leaves the record where it is.
      await tx
        .insert(qaResults)
        .values({ ...values, latest: false })
        .onConflictDoUpdate({ target: [qaResults.runId, qaResults.callId], set: { ...update, updatedAt: sql`now()` } });
    }
    const calls = [...new Set(records.filter((r) => !r.testRun).map((r) => r.callId))];
    for (const callId of calls) await settleRecord(tx as unknown as Tx, callId);
  });
  return records.length;
}
