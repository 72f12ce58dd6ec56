import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { qaDailyCalls, qaResults } from '../db/schema/index.ts';
import { rebuildDashboardRollups } from '../dashboard/rebuild.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { refreshStaleReviewedFigures } from './figures.ts';
import { listQaPage, qaAggregate } from './query.ts';
import { reviewQaResult } from './review.ts';
import { upsertQaRecords } from './store.ts';
import { summariseQaResults } from './summary.ts';
import { qaRecordFixture } from './testing/fixtures.ts';
import { testScoringSkill } from './testing/scoring.ts';

/**
 * Issue 28's rules on stored records (fixtures, the real scoring skill): what is carried to a new analysis and what
 * is not; a reviewed score that cannot be reproduced is not claimed; carried decisions left without figures by a
 * crash get them on the next pass; test runs stay out of the queue, its aggregates, the summaries and the rollups.
 */
const RUN_1 = '1b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a01';
const RUN_2 = '1b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a02';
const TEST_RUN = '1b7f8a52-1c3d-4e5f-8a9b-0c1d2e3f4a09';
const LATER = '2024-07-09T08:00:00.000Z';

describe(`QA record rules (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let cm: Actor;
  const byCall = async (runId: string, callId: string) =>
    (await h.db.select().from(qaResults).where(eq(qaResults.runId, runId))).find((r) => r.callId === callId)!;
  const review = (input: Parameters<typeof reviewQaResult>[2]) => reviewQaResult(h.db, cm, input, testScoringSkill());

  beforeAll(async () => {
    h = await createTestDatabase();
    const r = await createUser(h.db, {
      email: 'cm@lender.test',
      displayName: 'cm',
      role: 'compliance_manager',
      password: 'a-long-password-1',
    });
    if (!r.ok) throw new Error(r.reason);
    const u: PublicUser = r.user;
    cm = { kind: 'user', id: u.id, label: u.email, role: u.role };
  });
  afterAll(() => h?.dispose());

  it('carries a decision where the rule and evidence are unchanged, and notes one whose AI verdict changed', async () => {
    await upsertQaRecords(h.db, [qaRecordFixture({ runId: RUN_1, callId: 'REC-2001', fail: ['FCA-DISC-02', 'CD-01'] })]);
    const old = await byCall(RUN_1, 'REC-2001');
    expect(
      await review({
        qa_result_id: old.id,
        action: 'rule',
        rule_id: 'FCA-DISC-02',
        decision: 'override',
        verdict: 'pass',
        reason: 'Said at 3:02.',
      }),
    ).toMatchObject({ ok: true, recordFailedMandatory: old.failedMandatory - 1 });
    expect(
      await review({
        qa_result_id: old.id,
        action: 'rule',
        rule_id: 'CD-01',
        decision: 'override',
        verdict: 'pass',
        reason: 'Plain words used.',
      }),
    ).toMatchObject({ ok: true });
    expect(await review({ qa_result_id: old.id, action: 'comment', comment: 'Coaching booked.' })).toMatchObject({ ok: true });
    // The fixtures' formula is the demo formula document: the reviewed score is the real skill's over these verdicts.
    expect((await byCall(RUN_1, 'REC-2001')).reviewedScoreDetail).toMatchObject({ source: 'formula' });

    // A later run finds CD-01 passed this time: that decision is no longer about the same verdict.
    await upsertQaRecords(h.db, [qaRecordFixture({ runId: RUN_2, callId: 'REC-2001', runFinishedAt: LATER, fail: ['FCA-DISC-02'] })]);
    const now = await byCall(RUN_2, 'REC-2001');
    expect(now).toMatchObject({ latest: true, reviewStatus: 'in_review', reviewedStale: true });
    expect(now.carryNotes).toEqual([
      expect.objectContaining({ kind: 'rule', rule_id: 'FCA-DISC-02', carried: true, why: null }),
      expect.objectContaining({ kind: 'rule', rule_id: 'CD-01', carried: false, why: "the AI's verdict changed (fail → pass)" }),
      expect.objectContaining({ kind: 'comment', carried: true }),
    ]);
    // A crash here would leave the figures stale: the next consolidation pass computes them.
    expect(await refreshStaleReviewedFigures(h.db, testScoringSkill())).toBe(1);
    const fixed = await byCall(RUN_2, 'REC-2001');
    expect(fixed).toMatchObject({ reviewedStale: false, recordFailedMandatory: 0, recordFailedRuleIds: [], scoreReviewed: true });
    expect(await refreshStaleReviewedFigures(h.db, testScoringSkill())).toBe(0);
  });

  it('does not claim a reviewed score the scoring skill cannot reproduce; the reviewed failures still count', async () => {
    // Scored together with another call: the skill's input holds more verdicts than this call has.
    const rec = qaRecordFixture({ runId: RUN_1, callId: 'REC-2002', fail: ['FCA-DISC-02'] });
    const sent = rec.verdicts.map((v) => ({ rule_id: v.rule_id, category: v.category, verdict: v.verdict }));
    rec.scoringInput = { formula_id: 'qa_scoring_formula_v3', sentiment_report: { reports: [] }, compliance_verdicts: [...sent, ...sent] };
    await upsertQaRecords(h.db, [rec]);
    const row = await byCall(RUN_1, 'REC-2002');
    await review({
      qa_result_id: row.id,
      action: 'rule',
      rule_id: 'FCA-DISC-02',
      decision: 'override',
      verdict: 'pass',
      reason: 'Disclosed.',
    });
    const after = await byCall(RUN_1, 'REC-2002');
    expect(after).toMatchObject({ reviewedScore: null, scoreReviewed: false, recordScore: row.score, recordFailedMandatory: 0 });
    expect(after.reviewedScoreDetail).toMatchObject({ source: 'not_computed', note: expect.stringMatching(/together with others/) });
  });

  it('keeps test runs out of the queue, its aggregate, the summaries and the dashboard rollups', async () => {
    const all = { include_earlier: true };
    const before = {
      page: await listQaPage(h.db, { filter: {}, sort: { by: 'call_at', dir: 'desc' }, limit: 100 }),
      agg: await qaAggregate(h.db, {}),
      history: await qaAggregate(h.db, all),
    };
    const rolled = async () => (await h.db.select({ n: sql<number>`sum(${qaDailyCalls.calls})::int` }).from(qaDailyCalls))[0]!.n;
    const calls = await rolled();
    expect(calls).toBe(before.page.total);
    await upsertQaRecords(h.db, [
      qaRecordFixture({ runId: TEST_RUN, callId: 'REC-2001', runFinishedAt: '2024-07-10T08:00:00.000Z', testRun: true, fail: [] }),
      qaRecordFixture({ runId: TEST_RUN, callId: 'REC-2999', testRun: true }),
    ]);
    expect((await byCall(TEST_RUN, 'REC-2001')).latest).toBe(false);
    expect((await byCall(RUN_2, 'REC-2001')).latest).toBe(true); // the call's record did not move
    const page = await listQaPage(h.db, { filter: {}, sort: { by: 'call_at', dir: 'desc' }, limit: 100 });
    expect(page.total).toBe(before.page.total);
    expect(await qaAggregate(h.db, {})).toEqual(before.agg);
    expect(await qaAggregate(h.db, all)).toEqual(before.history); // not even as earlier analyses
    const summary = await summariseQaResults(h.db, { filter: {}, group_by: 'advisor', limit: 10 });
    expect(summary.total_calls).toBe(before.page.total);
    expect(await rolled()).toBe(calls);
    await rebuildDashboardRollups(h.db);
    expect(await rolled()).toBe(calls);
    // Asked for, they are listed (every analysis of theirs).
    const tests = await listQaPage(h.db, { filter: { test_run: true }, sort: { by: 'call_at', dir: 'desc' }, limit: 100 });
    expect(tests.items.map((r) => r.callId).sort()).toEqual(['REC-2001', 'REC-2999']);
  });
});
