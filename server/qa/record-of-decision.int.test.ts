import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { auditLog, qaResults, qaReviewActions, type QaResultRow } from '../db/schema/index.ts';
import { complianceOverview, qaTrends } from '../dashboard/index.ts';
import { drainQaResults } from '../execution/qa-publish.ts';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { readFormulaDocument } from '../skills/demo/skills/scoring-formula.ts';
import { score as scoringFormula } from '../skills/demo/skills/scoring.ts';
import { createTestDatabase, PROJECT_ROOT, testDbKind } from '../testing/test-database.ts';
import { invokeTool } from '../tools/invoke.ts';
import { listQaResultsTool } from '../tools/qa/list-qa-results.ts';
import { reviewQaResultTool } from '../tools/qa/review-qa-result.ts';
import { summariseQaResultsTool } from '../tools/qa/summarise-qa-results.ts';
import { qaCsv } from './export-csv.ts';
import { listQaPage } from './query.ts';
import type { ReviewInput } from '../../lib/review-input.ts';
import { refreshStaleReviewedFigures } from './figures.ts';
import { testScoringSkill } from './testing/scoring.ts';
import { queueItemView } from './view.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

/**
 * Issue 28 on real runs of the all-calls workflow (Alex Wong's week; the real demo skills):
 * - a reviewer's override gives the call reviewed figures — the scoring skill's own formula over the reviewed
 *   verdicts — and the queue, its filters, the CSV, summarise_qa_results (what the chat quotes) and the dashboard
 *   all count the same reviewed figures, the AI's staying beside them;
 * - a later analysis never replaces a signed-off review: it waits as "re-analysed after sign-off" with the verdicts
 *   that differ until a reviewer keeps the signed record or adopts the new analysis (both audited);
 * - unsigned work in progress is carried to a new analysis, with its reviewed figures.
 */
const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId };
const WEEK = { from: '2024-07-01', to: '2024-07-07' };

describe(`the QA record of decision (${testDbKind()})`, { timeout: 180_000 }, () => {
  let h: ExecutionHarness;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let wf: Record<string, unknown>;
  const users = {} as Record<'cm1' | 'cm2', PublicUser>;
  const actor = (u: PublicUser): Actor => ({ kind: 'user', id: u.id, label: u.email, role: u.role });
  const services = () => ({ config: h.config, db: async () => db.db });
  const review = (who: PublicUser, r: ReviewInput) =>
    invokeTool(reviewQaResultTool, { review: r }, { actor: actor(who), services: services() });
  const row = async (id: string) => (await db.db.select().from(qaResults).where(eq(qaResults.id, id)))[0]!;
  const ofCall = async (callId: string) => db.db.select().from(qaResults).where(eq(qaResults.callId, callId));

  /** Runs the workflow for Alex Wong's week and stores its results; returns its rows by call. */
  async function analyse(): Promise<QaResultRow[]> {
    const run = await h.run(wf, ALEX, 60_000);
    expect(run.status).toBe('SUCCEEDED');
    const until = Date.now() + 15_000;
    let rows: QaResultRow[];
    do {
      await drainQaResults(h.x.redis, db.db, 'test');
      await refreshStaleReviewedFigures(db.db, testScoringSkill()); // as the consolidation job does after each drain
      rows = await db.db.select().from(qaResults).where(eq(qaResults.runId, run.run_id));
    } while (rows.length < 4 && Date.now() < until);
    expect(rows).toHaveLength(4);
    return rows.sort((a, b) => a.callId.localeCompare(b.callId));
  }

  let first: QaResultRow[];
  let reviewedId: string;
  beforeAll(async () => {
    [h, db] = await Promise.all([executionHarness(), createTestDatabase()]);
    wf = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'workflows/standard-advice-call-analysis-all-calls.json'), 'utf8'));
    for (const key of ['cm1', 'cm2'] as const) {
      const r = await createUser(db.db, {
        email: `${key}@test.dcf`,
        displayName: key,
        role: 'compliance_manager',
        password: 'a-long-password-1',
      });
      if (!r.ok) throw new Error(r.reason);
      users[key] = r.user;
    }
    first = await analyse();
  });
  afterAll(async () => {
    await h?.close();
    await db?.dispose();
  });

  it('keeps what the scoring skill was called with, so a review can rescore the call', () => {
    for (const r of first) {
      expect(r.scoringInput).toMatchObject({ formula_id: 'qa_scoring_formula_v3' });
      expect((r.scoringInput!.compliance_verdicts as unknown[]).length).toBe(r.verdicts.length);
    }
  });

  it('an override gives reviewed figures by the scoring formula, and every view counts them', async () => {
    // The reviewed score is the formula over the reviewed verdicts: the same call the run made, one verdict changed.
    // A call and mandatory rule whose override changes the score (its cap was the only one holding the score down).
    const rescored = (r: QaResultRow, ruleId: string) => {
      const args = r.scoringInput!;
      const verdicts = (args.compliance_verdicts as Array<Record<string, unknown>>).map((x) =>
        x.rule_id === ruleId ? { ...x, verdict: 'pass' } : x,
      );
      return scoringFormula(readFormulaDocument('qa_scoring_formula_v3'), args.sentiment_report as Record<string, unknown>, verdicts);
    };
    const pick = first
      .flatMap((r) => r.verdicts.filter((x) => x.mandatory && x.verdict === 'fail').map((v) => ({ r, v })))
      .find(({ r, v }) => rescored(r, v.rule_id).data.score !== r.score)!;
    expect(pick).toBeDefined();
    const { r, v } = pick;
    reviewedId = r.id;
    const expected = rescored(r, v.rule_id);
    const before = await listQaPage(db.db, {
      filter: { ...WEEK, failed_mandatory: true },
      sort: { by: 'call_at', dir: 'desc' },
      limit: 50,
    });
    const dashBefore = await complianceOverview(db.db, { ...WEEK, advisor: 'Alex Wong' });
    const out = await review(users.cm1, {
      qa_result_id: r.id,
      action: 'rule',
      rule_id: v.rule_id,
      decision: 'override',
      verdict: 'pass',
      reason: 'Disclosed at 4:10.',
    });
    expect(out).toMatchObject({ status: 'ok', failed_mandatory: r.failedMandatory - 1 });
    const after = await row(r.id);
    expect(after).toMatchObject({
      score: r.score,
      failedMandatory: r.failedMandatory, // the AI's figures are never rewritten
      reviewedScore: expected.data.score,
      recordScore: expected.data.score,
      scoreReviewed: true,
      recordFailedMandatory: r.failedMandatory - 1,
    });
    expect(after.reviewedScoreDetail).toMatchObject({
      source: 'formula',
      skill: 'skill://scoring@1.1.0',
      breakdown: expected.data.breakdown,
    });
    expect(after.recordFailedRuleIds).not.toContain(v.rule_id);
    expect(out).toMatchObject({ score: expected.data.score, reviewed_score: expected.data.score });

    // The queue: its figures, its failed-mandatory filter and its score sort.
    const page = await listQaPage(db.db, { filter: WEEK, sort: { by: 'score', dir: 'asc' }, limit: 50 });
    const item = queueItemView(page.items.find((x) => x.id === r.id)!);
    expect(item).toMatchObject({
      score: expected.data.score,
      score_source: 'review',
      ai_score: r.score,
      failed_mandatory: r.failedMandatory - 1,
      ai_failed_mandatory: r.failedMandatory,
    });
    const scores = page.items.map((x) => x.score ?? Infinity);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const failing = await listQaPage(db.db, {
      filter: { ...WEEK, failed_mandatory: true },
      sort: { by: 'call_at', dir: 'desc' },
      limit: 50,
    });
    expect(failing.total).toBe(before.total! - (r.failedMandatory === 1 ? 1 : 0));
    const byRule = await listQaPage(db.db, { filter: { ...WEEK, rule_id: v.rule_id }, sort: { by: 'call_at', dir: 'desc' }, limit: 50 });
    expect(byRule.items.map((x) => x.id)).not.toContain(r.id);

    // The CSV: the same row.
    const csv = qaCsv([item]).split('\r\n');
    const header = csv[0]!.split(',');
    const cells = csv[1]!.split(',');
    expect(cells[header.indexOf('Score')]).toBe(String(expected.data.score));
    expect(cells[header.indexOf('Score source')]).toBe('reviewed');
    expect(cells[header.indexOf('Failed mandatory rules')]).toBe(String(r.failedMandatory - 1));

    // What the chat quotes (the tools the Planner reads) and the dashboard: the same figures for the same filter.
    const listed = await invokeTool(
      listQaResultsTool,
      { filter: { ...WEEK, advisor: 'alex wong' } },
      { actor: actor(users.cm2), services: services() },
    );
    const mean = (xs: number[]) => Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 10) / 10;
    const recordScores = page.items.map((x) => x.score!);
    expect(listed).toMatchObject({ status: 'ok', aggregate: { mean_score: mean(recordScores), reviewed: 1 } });
    const summary = await invokeTool(
      summariseQaResultsTool,
      { filter: WEEK, group_by: 'advisor' },
      { actor: actor(users.cm2), services: services() },
    );
    const failedCalls = page.items.filter((x) => x.failedMandatory > 0).length;
    expect(summary).toMatchObject({
      status: 'ok',
      groups: [{ key: 'Alex Wong', mean_score: mean(recordScores), failed_mandatory: failedCalls }],
    });
    const dash = await complianceOverview(db.db, { ...WEEK, advisor: 'Alex Wong' });
    expect(dash.failed_mandatory_calls).toBe(failedCalls);
    expect(dash.failed_mandatory_calls).toBe(dashBefore.failed_mandatory_calls - (r.failedMandatory === 1 ? 1 : 0));
    const rule = dash.rules.find((x) => x.rule_id === v.rule_id)!;
    const ruleBefore = dashBefore.rules.find((x) => x.rule_id === v.rule_id)!;
    expect(rule.failed).toBe(ruleBefore.failed - 1);
    const trends = await qaTrends(db.db, { ...WEEK, advisor: 'Alex Wong' });
    expect(trends.advisors[0]!.mean_score).toBe(mean(recordScores));
  });

  it('a score set by the reviewer is the reviewed score; agreeing with every verdict leaves the AI score standing', async () => {
    const [a, b] = first.filter((x) => x.id !== reviewedId);
    await review(users.cm1, { qa_result_id: a!.id, action: 'score', decision: 'override', score: 50, reason: 'Tone was poor.' });
    expect(await row(a!.id)).toMatchObject({ recordScore: 50, reviewedScoreDetail: { source: 'reviewer', note: 'Tone was poor.' } });
    await review(users.cm1, { qa_result_id: b!.id, action: 'rule', rule_id: b!.verdicts[0]!.rule_id, decision: 'agree' });
    expect(await row(b!.id)).toMatchObject({
      recordScore: b!.score,
      reviewedScore: b!.score,
      reviewedScoreDetail: { source: 'unchanged' },
    });
  });

  it('a signed-off record stays the record when the call is analysed again; keep and adopt are audited', async () => {
    const signed = await row(reviewedId);
    await review(users.cm1, { qa_result_id: signed.id, action: 'sign_off' });
    await review(users.cm2, { qa_result_id: signed.id, action: 'sign_off' });
    expect((await row(signed.id)).reviewStatus).toBe('signed_off');

    const second = await analyse();
    const later = second.find((x) => x.callId === signed.callId)!;
    expect(await row(signed.id)).toMatchObject({ latest: true, reviewStatus: 'signed_off', pendingReanalysisId: later.id });
    expect(await row(later.id)).toMatchObject({ latest: false, reanalysisOf: signed.id, reviewStatus: 'unreviewed' });
    // The queue still lists the signed record with its reviewed figures, and a filter finds it.
    const q = await listQaPage(db.db, {
      filter: { ...WEEK, reanalysed_after_signoff: true },
      sort: { by: 'call_at', dir: 'desc' },
      limit: 50,
    });
    expect(q.items.map((x) => x.id)).toEqual([signed.id]);
    expect(queueItemView(q.items[0]!)).toMatchObject({
      review_status: 'signed_off',
      score_source: 'review',
      reanalysed_after_signoff: true,
    });
    // The call page names the verdicts that differ: the overridden rule is fail again in the new AI analysis.
    const detail = await invokeTool(
      (await import('../tools/qa/get-qa-result.ts')).getQaResultTool,
      { qa_result_id: signed.id },
      { actor: actor(users.cm2), services: services() },
    );
    const overridden = (await row(signed.id)).reviewedVerdicts!.find((x) => x.verdict !== x.ai_verdict)!;
    expect(detail).toMatchObject({ status: 'ok', qa_result: { reanalysis: { qa_result_id: later.id } } });
    const diffs = (detail as unknown as { qa_result: { reanalysis: { differences: Array<{ rule_id: string | null }> } } }).qa_result
      .reanalysis.differences;
    expect(diffs.map((d) => d.rule_id)).toContain(overridden.rule_id);

    // Only the decision on the pending analysis is taken; a reason is required.
    expect(
      await review(users.cm1, { qa_result_id: signed.id, action: 'rule', rule_id: overridden.rule_id, decision: 'agree' }),
    ).toMatchObject({ error_code: 'conflict' });
    expect(
      await review(users.cm1, {
        qa_result_id: signed.id,
        action: 'reanalysis',
        decision: 'keep',
        subject_qa_result_id: signed.id,
        reason: 'No.',
      }),
    ).toMatchObject({ error_code: 'conflict' });
    expect(
      await review(users.cm1, {
        qa_result_id: signed.id,
        action: 'reanalysis',
        decision: 'keep',
        subject_qa_result_id: later.id,
        reason: 'The new analysis repeats the transcription error.',
      }),
    ).toMatchObject({ status: 'ok', review_status: 'signed_off' });
    expect(await row(signed.id)).toMatchObject({ latest: true, pendingReanalysisId: null, reviewStatus: 'signed_off' });
    const kept = await db.db.select().from(auditLog).where(eq(auditLog.action, 'qa_review.reanalysis'));
    expect(kept.at(-1)!.content).toMatchObject({ decision: 'agree', subjectQaResultId: later.id });

    // A third analysis; this time the reviewer adopts it: it becomes the record, with the review carried and to be signed again.
    const third = (await analyse()).find((x) => x.callId === signed.callId)!;
    expect((await row(signed.id)).pendingReanalysisId).toBe(third.id);
    expect(
      await review(users.cm2, {
        qa_result_id: signed.id,
        action: 'reanalysis',
        decision: 'adopt',
        subject_qa_result_id: third.id,
        reason: 'New rule set.',
      }),
    ).toMatchObject({ status: 'ok' });
    expect(await row(signed.id)).toMatchObject({ latest: false, pendingReanalysisId: null, reviewStatus: 'signed_off' });
    const adopted = await row(third.id);
    // The demo skills are deterministic: the same verdicts and evidence, so the override is carried (not the sign-offs).
    expect(adopted).toMatchObject({
      latest: true,
      reviewStatus: 'in_review',
      reviewedStale: false,
      recordScore: (await row(signed.id)).recordScore,
    });
    expect(adopted.carryNotes!.filter((n) => n.kind === 'rule')).toEqual([
      expect.objectContaining({ rule_id: overridden.rule_id, carried: true }),
    ]);
    const carried = await db.db
      .select()
      .from(qaReviewActions)
      .where(and(eq(qaReviewActions.qaResultId, third.id), eq(qaReviewActions.kind, 'rule')));
    expect(carried).toEqual([expect.objectContaining({ ruleId: overridden.rule_id, decision: 'override', userLabel: 'cm1@test.dcf' })]);
    expect(carried[0]!.carriedFrom).not.toBeNull();
    const rows = await ofCall(signed.callId);
    expect(rows.filter((x) => x.latest).map((x) => x.id)).toEqual([third.id]);
  });

  it('unsigned work in progress moves to a new analysis, with its reviewed figures', async () => {
    const wip = (
      await db.db
        .select()
        .from(qaResults)
        .where(and(eq(qaResults.latest, true), eq(qaResults.reviewStatus, 'in_review')))
    ).find((x) => x.reviewedScoreDetail?.source === 'reviewer')!;
    const next = (await analyse()).find((x) => x.callId === wip.callId)!;
    expect(await row(wip.id)).toMatchObject({ latest: false });
    const now = await row(next.id);
    expect(now).toMatchObject({ latest: true, reviewStatus: 'in_review', recordScore: 50, reviewedStale: false });
    expect(now.carryNotes).toEqual([expect.objectContaining({ kind: 'score', carried: true, by: 'cm1@test.dcf' })]);
  });
});
