import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { Actor } from '../contracts/audit-actor.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { auditLog, qaResults, type QaResultRow } from '../db/schema/index.ts';
import type { Role } from '../../lib/roles.ts';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { createTestDatabase, PROJECT_ROOT, testDbKind } from '../testing/test-database.ts';
import { invokeTool } from '../tools/invoke.ts';
import { checkWorkflowHealthTool } from '../tools/learning/check-workflow-health.ts';
import { reviewQaResultTool } from '../tools/qa/review-qa-result.ts';
import { saveWorkflowVersion } from '../workflows/store.ts';
import { ruleAgreement, scoreAgreement } from './agreement.ts';
import { drainQaResults } from '../execution/qa-publish.ts';
import type { ReviewInput } from '../../lib/review-input.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

/**
 * Human review of QA results on real projected results: who may review (people in the reviewer
 * roles; never agents, scripts or stakeholders), overrides that keep the AI's result, four eyes for
 * a mandatory rule, sign-off that closes the review, the audit entry with the full content, and
 * agreement statistics feeding check_workflow_health.
 */
const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId };

describe(`QA review (${testDbKind()})`, { timeout: 120_000 }, () => {
  let h: ExecutionHarness;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let rows: QaResultRow[];
  const users = {} as Record<'cm1' | 'cm2' | 'admin' | 'stakeholder' | 'designer', PublicUser>;
  const actor = (u: PublicUser): Actor => ({ kind: 'user', id: u.id, label: u.email, role: u.role });
  const review = (who: Actor, r: ReviewInput) =>
    invokeTool(reviewQaResultTool, { review: r }, { actor: who, services: { config: h.config, db: async () => db.db } });
  const failedMandatory = (r: QaResultRow) => r.verdicts.find((v) => v.mandatory && v.verdict === 'fail')!;
  const row = async (id: string) => (await db.db.select().from(qaResults).where(eq(qaResults.id, id)))[0]!;

  beforeAll(async () => {
    [h, db] = await Promise.all([executionHarness(), createTestDatabase()]);
    const wf = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'workflows/standard-advice-call-analysis-all-calls.json'), 'utf8'));
    const run = await h.run(wf, ALEX, 60_000);
    expect(run.status).toBe('SUCCEEDED');
    const until = Date.now() + 15_000;
    do {
      await drainQaResults(h.x.redis, db.db, 'test');
      rows = await db.db.select().from(qaResults).where(eq(qaResults.runId, run.run_id));
    } while (rows.length < 4 && Date.now() < until);
    expect(rows).toHaveLength(4);
    rows.sort((a, b) => a.callId.localeCompare(b.callId));
    const make = async (key: keyof typeof users, role: Role) => {
      const r = await createUser(db.db, { email: `${key}@test.dcf`, displayName: key, role, password: 'a-long-password-1' });
      if (!r.ok) throw new Error(r.reason);
      users[key] = r.user;
    };
    await make('cm1', 'compliance_manager');
    await make('cm2', 'compliance_manager');
    await make('admin', 'admin');
    await make('stakeholder', 'stakeholder');
    await make('designer', 'workflow_designer');
    await saveWorkflowVersion(db.db, wf, { author: 'test' });
  });
  afterAll(async () => {
    await h?.close();
    await db?.dispose();
  });

  it('only people in the reviewer roles review; agents, scripts, stakeholders and designers are refused', async () => {
    const r = rows[0]!;
    const agree: ReviewInput = { qa_result_id: r.id, action: 'rule', rule_id: r.verdicts[0]!.rule_id, decision: 'agree' };
    for (const who of ['stakeholder', 'designer'] as const) {
      await expect(callerFor(db.db, users[who]).caller.qa.review({ review: agree })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      // Past the console's access check, the tool layer refuses them too.
      expect(await review(actor(users[who]), agree)).toMatchObject({ status: 'error', error_code: 'forbidden' });
    }
    expect(await review({ kind: 'agent', id: 'agent-1', label: 'planner' }, agree)).toMatchObject({
      status: 'error',
      error_code: 'forbidden',
    });
    expect(await review(systemActor('cli'), agree)).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect((await row(r.id)).reviewStatus).toBe('unreviewed');
    // Everyone reads.
    const list = await callerFor(db.db, users.stakeholder).caller.qa.list({ filter: { advisor: 'alex wong' } });
    expect(list).toMatchObject({ status: 'ok', total: 4 });
    expect(await callerFor(db.db, users.cm1).caller.qa.review({ review: agree })).toMatchObject({
      status: 'ok',
      review_status: 'in_review',
    });
  });

  it('an override needs the reviewer’s own value and a reason, and keeps the AI’s result', async () => {
    const r = rows[1]!;
    const v = failedMandatory(r);
    const cm1 = actor(users.cm1);
    const base = { qa_result_id: r.id, action: 'rule', rule_id: v.rule_id, decision: 'override' } as const;
    expect(await review(cm1, base)).toMatchObject({ error_code: 'invalid_input', error: expect.stringMatching(/verdict you give/) });
    expect(await review(cm1, { ...base, verdict: 'pass' })).toMatchObject({
      error_code: 'invalid_input',
      error: expect.stringMatching(/reason/),
    });
    expect(await review(cm1, { ...base, verdict: 'fail', reason: 'same as AI' })).toMatchObject({
      error_code: 'invalid_input',
      error: expect.stringMatching(/agree instead/),
    });
    expect(await review(cm1, { ...base, rule_id: 'NOPE-1', verdict: 'pass', reason: 'x'.repeat(5) })).toMatchObject({
      error_code: 'not_found',
    });
    expect(await review(cm1, { qa_result_id: r.id, action: 'score', decision: 'override', score: 101, reason: 'too high' })).toMatchObject({
      error_code: 'invalid_input',
    });
    const reason = 'The disclosure is given in the closing minute, in other words.';
    expect(await review(cm1, { ...base, verdict: 'pass', reason })).toMatchObject({ status: 'ok', overridden: true, sign_offs_needed: 2 });
    expect(
      await review(cm1, { qa_result_id: r.id, action: 'score', decision: 'override', score: r.score! + 7, reason: 'Disclosure was made.' }),
    ).toMatchObject({ status: 'ok', human_score: r.score! + 7 });
    const after = await row(r.id);
    expect(after).toMatchObject({ overridden: true, humanScore: r.score! + 7, score: r.score, reviewStatus: 'in_review' });
    expect(after.verdicts.find((x) => x.rule_id === v.rule_id)!.verdict).toBe('fail');
    // Audited with the full content: who, which rule, both verdicts and the reason.
    const entries = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'qa_review.rule'), like(auditLog.actorLabel, 'cm1@%')));
    const entry = entries.find((e) => (e.content as { ruleId?: string } | null)?.ruleId === v.rule_id);
    expect(entry?.content).toMatchObject({ ruleId: v.rule_id, aiVerdict: 'fail', humanVerdict: 'pass', reason, call_id: r.callId });
  });

  it('four eyes: an overridden mandatory rule needs a second reviewer’s sign-off; a signed-off review is closed', async () => {
    const r = rows[1]!;
    expect(await review(actor(users.cm1), { qa_result_id: r.id, action: 'sign_off' })).toMatchObject({
      status: 'ok',
      review_status: 'awaiting_second_signoff',
      sign_offs: 1,
    });
    expect(await review(actor(users.cm1), { qa_result_id: r.id, action: 'sign_off' })).toMatchObject({
      error_code: 'conflict',
      error: expect.stringMatching(/second reviewer/),
    });
    // A changed decision voids the sign-offs given before it.
    expect(
      await review(actor(users.cm2), { qa_result_id: r.id, action: 'rule', rule_id: r.verdicts[0]!.rule_id, decision: 'agree' }),
    ).toMatchObject({ review_status: 'in_review' });
    expect(await review(actor(users.cm1), { qa_result_id: r.id, action: 'sign_off' })).toMatchObject({
      review_status: 'awaiting_second_signoff',
    });
    expect(
      await review(actor(users.admin), { qa_result_id: r.id, action: 'sign_off', comment: 'Agreed with the override.' }),
    ).toMatchObject({ review_status: 'signed_off', sign_offs: 2 });
    expect(
      await review(actor(users.cm2), { qa_result_id: r.id, action: 'rule', rule_id: r.verdicts[0]!.rule_id, decision: 'agree' }),
    ).toMatchObject({ error_code: 'conflict' });
    expect(await review(actor(users.cm2), { qa_result_id: r.id, action: 'comment', comment: 'Coaching booked.' })).toMatchObject({
      status: 'ok',
      review_status: 'signed_off',
    });
    const detail = await callerFor(db.db, users.stakeholder).caller.qa.get({ qa_result_id: r.id });
    expect(detail).toMatchObject({
      status: 'ok',
      qa_result: {
        review: { status: 'signed_off', mandatory_override: true, sign_offs: [{ by: 'cm1@test.dcf' }, { by: 'admin@test.dcf' }] },
      },
    });
    // Without a mandatory override, one sign-off closes the review.
    const other = rows[2]!;
    expect(await review(actor(users.cm2), { qa_result_id: other.id, action: 'sign_off' })).toMatchObject({
      review_status: 'signed_off',
      sign_offs_needed: 1,
    });
    const signed = await callerFor(db.db, users.cm1).caller.qa.list({ filter: { review_status: ['signed_off'] } });
    expect(signed).toMatchObject({ total: 2 });
    expect(await callerFor(db.db, users.cm1).caller.qa.list({ filter: { overridden: true } })).toMatchObject({ total: 1 });
  });

  it('agreement counts each current decision once, and check_workflow_health flags a skill reviewers override often', async () => {
    const cm1 = actor(users.cm1);
    const r = rows[0]!;
    const failed = r.verdicts.filter((v) => v.verdict === 'fail' && v.rule_id !== r.verdicts[0]!.rule_id);
    expect(failed.length).toBeGreaterThanOrEqual(3);
    for (const v of failed.slice(0, 3)) {
      expect(
        await review(cm1, {
          qa_result_id: r.id,
          action: 'rule',
          rule_id: v.rule_id,
          decision: 'override',
          verdict: 'pass',
          reason: 'Said in other words.',
        }),
      ).toMatchObject({ status: 'ok' });
    }
    // Changing one's mind replaces the decision: still one decision for that rule.
    expect(await review(cm1, { qa_result_id: r.id, action: 'rule', rule_id: failed[0]!.rule_id, decision: 'agree' })).toMatchObject({
      status: 'ok',
    });
    const rules = await ruleAgreement(db.db);
    const first = rules.find((x) => x.ruleId === failed[0]!.rule_id)!;
    expect(first.skill).toBe('skill://compliance-analysis@1.3.0');
    const compliance = rules.filter((x) => x.skill === 'skill://compliance-analysis@1.3.0');
    const decisions = compliance.reduce((s, x) => s + x.decisions, 0);
    const overridden = compliance.reduce((s, x) => s + x.overridden, 0);
    expect(decisions).toBeGreaterThanOrEqual(5);
    expect(overridden).toBe(3);
    expect(await scoreAgreement(db.db)).toEqual([
      { skill: 'skill://scoring@1.1.0', decisions: 1, agreed: 0, overridden: 1, agreement: 0, meanAbsDiff: 7 },
    ]);
    const health = await invokeTool(
      checkWorkflowHealthTool,
      { workflow_id: r.workflowId },
      { actor: systemActor('test'), services: { config: h.config, db: async () => db.db } },
    );
    expect(health).toMatchObject({
      status: 'ok',
      healthy: false,
      review_findings: [{ skill: 'skill://compliance-analysis@1.3.0', overridden: 3, decisions }],
    });
    expect((health as { review_findings: Array<{ states: string[] }> }).review_findings[0]!.states).toEqual(['ComplianceAnalysis']);
  });
});
