import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { createUser, type PublicUser } from '../auth/users.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import { auditLog, calibrationAnswers } from '../db/schema/index.ts';
import type { Role } from '../../lib/roles.ts';
import { upsertQaRecords } from '../qa/store.ts';
import { qaRecordFixture } from '../qa/testing/fixtures.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import type { AnyTool } from '../tools/define-tool.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import type { CalibrationFigures } from '../../lib/calibration/figures.ts';

/**
 * Calibration sessions through the tool layer on a template database: who may lead and review, a
 * reproducible random sample, the blind view, drafts then one submission, amendments as audited
 * versions, results only once complete (the figures per rule and reviewer), notes on rules, the
 * audited close, and the tRPC door closed to stakeholders.
 */
describe(`calibration sessions (${testDbKind()})`, { timeout: 120_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const u = {} as Record<'lead' | 'r1' | 'r2' | 'stakeholder', PublicUser>;
  const as = (p: PublicUser): Actor => ({ kind: 'user', id: p.id, label: p.email, role: p.role });
  const call = async (name: string, args: unknown, actor: Actor) =>
    (await invokeTool(findTool(name) as AnyTool, args, { actor, services: { config: testConfig(), db: async () => db.db } })) as Record<
      string,
      unknown
    >;
  const sample = { filter: { advisor: 'Alex Wong' }, method: 'random', size: 3, seed: 42 } as const;
  const create = (actor: Actor, over: Record<string, unknown> = {}) =>
    call(
      'create_calibration_session',
      { name: 'November', sample, reviewer_ids: [u.r1.id, u.r2.id], due_date: '2026-12-04', ...over },
      actor,
    );
  let sessionId: string;
  let review: { calls: Array<{ qa_result_id: string; call_id: string }>; rules: Array<{ rule_id: string }> };

  beforeAll(async () => {
    db = await createTestDatabase();
    await upsertQaRecords(
      db.db,
      Array.from({ length: 12 }, (_, i) =>
        qaRecordFixture({
          runId: 'run-1',
          callId: `REC-${3000 + i}`,
          advisor: i < 8 ? 'Alex Wong' : 'Priya Shah',
          callAt: `2024-07-0${1 + (i % 7)}T09:00:00.000Z`,
          fail: i % 2 ? ['FCA-DISC-02'] : [],
        }),
      ),
    );
    const make = async (key: keyof typeof u, role: Role) => {
      const r = await createUser(db.db, { email: `${key}@test.dcf`, displayName: key, role, password: 'a-long-password-1' });
      if (!r.ok) throw new Error(r.reason);
      u[key] = r.user;
    };
    await Promise.all([
      make('lead', 'compliance_manager'),
      make('r1', 'compliance_manager'),
      make('r2', 'admin'),
      make('stakeholder', 'stakeholder'),
    ]);
  });
  afterAll(() => db?.dispose());

  it('only compliance managers and admins signed in lead one; reviewers must be in a reviewer role', async () => {
    expect(await create(as(u.stakeholder))).toMatchObject({ error_code: 'forbidden' });
    expect(await create({ kind: 'agent', id: 'a', label: 'agent' })).toMatchObject({ error_code: 'forbidden' });
    expect(await create(as(u.lead), { reviewer_ids: [u.r1.id, u.stakeholder.id] })).toMatchObject({ error_code: 'invalid_input' });
    expect(await create(as(u.lead), { reviewer_ids: [u.r1.id, u.r1.id] })).toMatchObject({ error_code: 'invalid_input' });
    expect(await create(as(u.lead), { due_date: '4 Dec' })).toMatchObject({ error_code: 'invalid_input' });
  });

  it('a random sample of Alex Wong’s calls is drawn again from its recorded seed', async () => {
    const a = await create(as(u.lead));
    expect(a).toMatchObject({ status: 'ok', seed: 42, matched: 8 });
    const b = await create(as(u.lead), { name: 'again' });
    expect(b.call_ids).toEqual(a.call_ids);
    expect(a.call_ids as string[]).toHaveLength(3);
    sessionId = a.session_id as string;
    const unseeded = await create(as(u.lead), { name: 'unseeded', sample: { ...sample, seed: undefined } });
    expect(typeof unseeded.seed).toBe('number');
  });

  it("the reviewer's view is blind: calls and rules, never the AI's verdicts or score; only reviewers get it", async () => {
    expect(await call('get_calibration_review', { session_id: sessionId }, as(u.lead))).toMatchObject({ error_code: 'forbidden' });
    const r = await call('get_calibration_review', { session_id: sessionId }, as(u.r1));
    review = r.review as typeof review;
    expect(review.calls).toHaveLength(3);
    expect(review.rules.length).toBeGreaterThan(5);
    const text = JSON.stringify(r);
    for (const leak of ['"verdict"', '"verdicts"', '"rationale"', '"score"', '"evidence"']) expect(text).not.toContain(leak);
  });

  const all = (answer: (call: number, rule: string) => 'pass' | 'fail' | 'not_applicable') =>
    review.calls.flatMap((c, i) =>
      review.rules.map((r) => {
        const a = answer(i, r.rule_id);
        return { qa_result_id: c.qa_result_id, rule_id: r.rule_id, answer: a, ...(a === 'fail' ? { reason: 'not said' } : {}) };
      }),
    );

  it('answers are saved as drafts, submitted once when complete; results stay hidden until every reviewer submitted', async () => {
    const save = (who: PublicUser, answers: unknown[], extra = {}) =>
      call('save_calibration_answers', { session_id: sessionId, answers, ...extra }, as(who));
    const first = all(() => 'pass')[0]!;
    expect(await save(u.r1, [{ ...first, answer: 'fail' }])).toMatchObject({ error_code: 'invalid_input' });
    expect(await save(u.r1, [first])).toMatchObject({ status: 'ok', saved: 1, submitted: false });
    expect(await call('submit_calibration_review', { session_id: sessionId }, as(u.r1))).toMatchObject({ error_code: 'invalid_input' });
    // r1 fails FCA-DISC-02 on call 0 only; r2 fails it on calls 0 and 1.
    expect(
      await save(
        u.r1,
        all((i, r) => (r === 'FCA-DISC-02' && i === 0 ? 'fail' : 'pass')),
      ),
    ).toMatchObject({ status: 'ok' });
    expect(await call('submit_calibration_review', { session_id: sessionId }, as(u.r1))).toMatchObject({ status: 'ok', reviewers_left: 1 });
    expect(await call('submit_calibration_review', { session_id: sessionId }, as(u.r1))).toMatchObject({ error_code: 'conflict' });
    const early = await call('get_calibration_results', { session_id: sessionId }, as(u.lead));
    expect(early).toMatchObject({ status: 'ok', complete: false, figures: null });
    expect(await call('get_calibration_results', { session_id: sessionId }, as(u.stakeholder))).toMatchObject({ error_code: 'forbidden' });
    await save(
      u.r2,
      all((i, r) => (r === 'FCA-DISC-02' && i < 2 ? 'fail' : 'pass')),
    );
  });

  it('a submitted answer changes only as an amendment: a new version with its reason, audited with the answer it replaces', async () => {
    const changed = { ...all(() => 'pass').find((a) => a.rule_id === 'FCA-ID-01')!, answer: 'not_applicable' as const };
    const amend = (extra = {}) => call('save_calibration_answers', { session_id: sessionId, answers: [changed], ...extra }, as(u.r1));
    expect(await amend()).toMatchObject({ error_code: 'invalid_input' });
    expect(await amend({ amendment_reason: 'misread the call' })).toMatchObject({ status: 'ok', amended: 1, submitted: true });
    const versions = await db.db
      .select()
      .from(calibrationAnswers)
      .where(
        and(
          eq(calibrationAnswers.reviewerId, u.r1.id),
          eq(calibrationAnswers.qaResultId, changed.qa_result_id),
          eq(calibrationAnswers.ruleId, 'FCA-ID-01'),
        ),
      );
    expect(versions.map((v) => [v.version, v.answer, v.amendmentReason]).sort()).toEqual([
      [1, 'pass', null],
      [2, 'not_applicable', 'misread the call'],
    ]);
    const [audit] = await db.db.select().from(auditLog).where(like(auditLog.action, 'calibration.amend'));
    expect(audit).toMatchObject({ actorId: u.r1.id, resultStatus: 'ok' });
    expect(JSON.stringify(audit!.content)).toContain('"answer":"pass"');
    // Back as it was, for the figures below.
    await amend({ amendment_reason: 'reread: it applies', answers: [{ ...changed, answer: 'pass' }] });
  });

  it('once all submitted: agreement per rule and reviewer, against each other and the AI, the calls that split first', async () => {
    expect(await call('submit_calibration_review', { session_id: sessionId }, as(u.r2))).toMatchObject({ status: 'ok', reviewers_left: 0 });
    const r = await call('get_calibration_results', { session_id: sessionId }, as(u.r2));
    expect(r).toMatchObject({ status: 'ok', complete: true });
    const f = r.figures as unknown as CalibrationFigures;
    const items = 3 * review.rules.length;
    expect(f.overall).toMatchObject({ n: items, thin: false });
    expect(f.overall.percent).toBeCloseTo((items - 1) / items, 3);
    expect(f.rules.find((x) => x.rule_id === 'FCA-DISC-02')).toMatchObject({ n: 3, percent: 0.667, thin: true });
    const r1 = f.reviewers.find((x) => x.reviewer_id === u.r1.id)!;
    expect(r1.vs_reviewers).toEqual([
      expect.objectContaining({ reviewer_id: u.r2.id, n: items, percent: Number(((items - 1) / items).toFixed(3)) }),
    ]);
    expect(r1.vs_ai.n).toBe(items);
    expect(f.calls[0]).toMatchObject({ call_id: review.calls[1]!.call_id, split_rules: 1 });
    // The agreement is shown: an answer changed now would not be blind, so none changes.
    const after = await call(
      'save_calibration_answers',
      { session_id: sessionId, answers: all(() => 'pass').slice(0, 1), amendment_reason: 'seen the others' },
      as(u.r1),
    );
    expect(after).toMatchObject({ error_code: 'conflict' });
  });

  it('the lead notes a rule (shown with its session wherever the rule is), and closes the session, audited; answers then stay', async () => {
    const note = { session_id: sessionId, rule_id: 'FCA-DISC-02', note: 'A warning read before the product counts.' };
    expect(await call('add_calibration_note', note, as(u.r1))).toMatchObject({ error_code: 'forbidden' });
    expect(await call('add_calibration_note', note, as(u.lead))).toMatchObject({ status: 'ok' });
    const notes = await call('list_calibration_notes', { rule_ids: ['FCA-DISC-02', 'FCA-ID-01'] }, as(u.stakeholder));
    expect(notes.notes).toEqual([
      expect.objectContaining({ rule_id: 'FCA-DISC-02', session_name: 'November', note: note.note, author: 'lead@test.dcf' }),
    ]);
    expect(await call('close_calibration_session', { session_id: sessionId }, as(u.lead))).toMatchObject({
      status: 'ok',
      closed_how: 'all_submitted',
      missing: [],
    });
    expect(await call('close_calibration_session', { session_id: sessionId }, as(u.lead))).toMatchObject({ error_code: 'conflict' });
    const [closed] = await db.db.select().from(auditLog).where(eq(auditLog.action, 'calibration.close'));
    expect(closed).toMatchObject({ actorId: u.lead.id, detail: { session_id: sessionId, closed_how: 'all_submitted', missing: 0 } });
    const late = await call(
      'save_calibration_answers',
      { session_id: sessionId, answers: all(() => 'pass').slice(0, 1), amendment_reason: 'late' },
      as(u.r1),
    );
    expect(late).toMatchObject({ error_code: 'conflict' });
  });

  it('over tRPC: the CSV carries the same figures; stakeholders are refused at the door', async () => {
    const lead = callerFor(db.db, u.lead).caller;
    const { csv } = await lead.calibration.csv({ session_id: sessionId });
    expect(csv).toContain('rule,FCA-DISC-02,reviewers,3,0.667,');
    expect(csv.split('\r\n').filter((l) => l.startsWith('REC-'))).toHaveLength(3 * review.rules.length);
    const listed = await lead.calibration.list({});
    expect(listed).toMatchObject({ status: 'ok' });
    await expect(callerFor(db.db, u.stakeholder).caller.calibration.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
