import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { qaResults } from '../db/schema/index.ts';
import type { QaRecordInput } from './record.ts';

/**
 * Writing the QA results store. `upsertQaRecords` is the projection's only write: keyed by
 * (run, call), so a re-delivered or redriven run updates its rows and never duplicates them. The
 * AI's fields are replaced; the review summary (status, overrides, human score) is kept.
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

export async function upsertQaRecords(db: Db, records: QaRecordInput[]): Promise<number> {
  if (!records.length) return 0;
  await db.transaction(async (tx) => {
    for (const r of records) {
      const values = { ...r, ...derived(r) };
      const { runId: _r, callId: _c, ...update } = values;
      await tx
        .insert(qaResults)
        .values(values)
        .onConflictDoUpdate({ target: [qaResults.runId, qaResults.callId], set: { ...update, updatedAt: sql`now()` } });
    }
    // The newest analysis of each call (by run end) is the one the queue lists.
    const calls = [...new Set(records.map((r) => r.callId))];
    for (const callId of calls) {
      const [newest] = await tx
        .select({ id: qaResults.id })
        .from(qaResults)
        .where(eq(qaResults.callId, callId))
        .orderBy(desc(qaResults.runFinishedAt), desc(qaResults.createdAt))
        .limit(1);
      if (!newest) continue;
      await tx.update(qaResults).set({ latest: false }).where(and(eq(qaResults.callId, callId), ne(qaResults.id, newest.id), eq(qaResults.latest, true)));
      await tx.update(qaResults).set({ latest: true }).where(eq(qaResults.id, newest.id));
    }
  });
  return records.length;
}
