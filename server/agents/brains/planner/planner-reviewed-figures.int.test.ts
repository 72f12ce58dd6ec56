import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../contracts/audit-actor.ts';
import { systemActor } from '../../../contracts/audit-actor.ts';
import { createUser } from '../../../auth/users.ts';
import { complianceOverview } from '../../../dashboard/compliance.ts';
import { qaTrends } from '../../../dashboard/qa-trends.ts';
import { listQaPage, qaAggregate } from '../../../qa/query.ts';
import type { QaRecordInput } from '../../../../lib/qa-record.ts';
import { reviewQaResult } from '../../../qa/review.ts';
import { upsertQaRecords } from '../../../qa/store.ts';
import { qaRecordFixture } from '../../../qa/testing/fixtures.ts';
import { testConfig } from '../../../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../../../testing/test-database.ts';
import { invokeTool } from '../../../tools/invoke.ts';
import { findTool } from '../../../tools/registry.ts';
import { crm } from './testing/fake-tools.ts';
import { ScriptedConversation } from './testing/script.ts';

/**
 * The figures of record (issue 28 / 30): after reviewers override verdicts and set scores with the
 * QA page's own review function (server/qa/review.ts), the Planner's comparison, worst calls and
 * "how did … do" answer state the queue's and the dashboard's reviewed figures, a reviewed score is
 * marked as reviewed, and "which of those failed a mandatory rule" goes by the reviewed verdicts.
 * Real stored results (PGlite / PostgreSQL), the real QA tools; the demo CRM. Today is 2024-07-08.
 */
const TEAMS: Record<string, string> = {
  'Alex Wong': 'Home Finance North',
  'Tom Ellis': 'Home Finance North',
  "James O'Connor": 'Home Finance South',
  'Fatima Khan': 'Home Finance South',
};
const ADVISORS = Object.keys(TEAMS);
const FAILS = [[], ['FCA-DISC-01'], ['CD-01'], ['FCA-DISC-02', 'CD-03'], [], ['FCA-ID-02']];
const JUNE = { from: '2024-06-01', to: '2024-06-30' };

function records(): QaRecordInput[] {
  return Array.from({ length: 16 }, (_, i) => {
    const advisor = ADVISORS[i % ADVISORS.length]!;
    return qaRecordFixture({
      runId: 'run-1',
      callId: `CALL-${4000 + i}`,
      advisor,
      team: TEAMS[advisor]!,
      callAt: `2024-06-${String(2 + i).padStart(2, '0')}T10:00:00.000Z`,
      fail: FAILS[i % FAILS.length]!,
      runFinishedAt: '2024-07-08T08:00:00.000Z',
    });
  });
}
/** A score cell: `82.8/100`, with ` (thin)` on fewer than MIN_SAMPLE calls (thin-figures.ts), or `not scored`. */
const num = (s: string) => (s === 'not scored' ? null : Number(s.replace(/ \(thin\)$/, '').replace(/\/100$/, '')));

describe(`the Planner states the reviewed figures of record (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const config = testConfig({ DCF_CLOCK: '2024-07-08T09:00:00Z' });
  const conversation = () =>
    new ScriptedConversation(async (name, args) => {
      if (name === 'list_advisors' || name === 'count_calls' || name === 'list_products') return crm(name, args);
      return (await invokeTool(findTool(name)!, args, {
        actor: systemActor('test'),
        services: { config, db: async () => h.db },
      })) as Record<string, unknown>;
    });
  const reviewed = { raised: '' };

  beforeAll(async () => {
    h = await createTestDatabase();
    await upsertQaRecords(h.db, records());
    const made = await createUser(h.db, {
      email: 'cm@test.dcf',
      displayName: 'cm',
      role: 'compliance_manager',
      password: 'a-long-password-1',
    });
    if (!made.ok) throw new Error(made.reason);
    const cm: Actor = { kind: 'user', id: made.user.id, label: made.user.email, role: made.user.role };
    // No skill is called: each call's score is decided by the reviewer before any verdict is overridden.
    const scoring = async () => ({ ok: false as const, message: 'not called in this test' });
    const page = (await listQaPage(h.db, { filter: JUNE, sort: { by: 'score', dir: 'asc' }, limit: 100 })).items;
    const review = async (input: Parameters<typeof reviewQaResult>[2]) =>
      expect(await reviewQaResult(h.db, cm, input, scoring)).toMatchObject({ ok: true });
    // A South call that passed everything: the reviewer scores it 12 (it becomes the worst call).
    const south = page.find((i) => i.team === 'Home Finance South' && i.failedRuleIds.length === 0)!;
    await review({
      qa_result_id: south.id,
      action: 'score',
      decision: 'override',
      score: 12,
      reason: 'Pressured the customer throughout.',
    });
    // North's worst call by the AI (a failed mandatory rule, capped): scored 90 and its failed rules overridden to pass.
    const worst = page.find((i) => i.team === 'Home Finance North' && i.failedMandatory > 0)!;
    reviewed.raised = worst.callId;
    await review({
      qa_result_id: worst.id,
      action: 'score',
      decision: 'override',
      score: 90,
      reason: 'The disclosure was made in the email.',
    });
    for (const rule of worst.failedRuleIds) {
      await review({
        qa_result_id: worst.id,
        action: 'rule',
        rule_id: rule,
        decision: 'override',
        verdict: 'pass',
        reason: 'Said on the follow-up call.',
      });
    }
  });
  afterAll(() => h.dispose());

  it("compare: each team's row is the queue's and the dashboard's reviewed figures", async () => {
    const t = await conversation().turn('compare the north and south teams for June');
    for (const team of ['Home Finance North', 'Home Finance South']) {
      const row = t.reply.split('\n').find((l) => l.startsWith(`| [the ${team} team]`))!;
      const [, calls, , scored, mean, , failedMandatory] = row.split(' | ');
      const filter = { ...JUNE, team };
      const [queue, dashboard, compliance] = [
        await qaAggregate(h.db, filter),
        await qaTrends(h.db, filter, '2024-07-08'),
        await complianceOverview(h.db, filter, '2024-07-08'),
      ];
      expect([Number(calls), Number(scored), num(mean!)]).toEqual([queue.calls, queue.scored, queue.mean]);
      expect(num(mean!)).toBe(dashboard.team_mean);
      expect(Number(failedMandatory)).toBe(compliance.failed_mandatory_calls);
      expect(Number(failedMandatory)).toBe((await qaAggregate(h.db, { ...filter, failed_mandatory: true })).calls);
      expect(queue.reviewed).toBeGreaterThan(0);
    }
  });

  it("the worst calls are the queue's by reviewed score, a reviewed score marked as reviewed", async () => {
    const c = conversation();
    const t = await c.turn('show me the three worst calls in June');
    const page = await listQaPage(h.db, { filter: JUNE, sort: { by: 'score', dir: 'asc' }, limit: 3 });
    const said = [...t.reply.matchAll(/^\d\. \[([^\]]+)\]\(\/qa\/[^)]+\) — [^:]+: ([\d.]+)\/100( \(reviewed\))?/gm)].map((m) => [
      m[1],
      Number(m[2]),
      !!m[3],
    ]);
    expect(said).toEqual(page.items.map((i) => [i.callId, i.score, !!i.scoreReviewed]));
    expect(said[0]).toEqual([expect.any(String), 12, true]);
    // A call among the AI's worst was scored 90 by a reviewer: no longer among the worst.
    expect(said.map((s) => s[0])).not.toContain(reviewed.raised);

    const why = await c.turn('which of those failed a mandatory rule, and why?');
    const failing = page.items.filter((i) => i.failedMandatory > 0).map((i) => i.callId);
    for (const i of page.items) {
      if (failing.includes(i.callId)) expect(why.reply).toContain(`[${i.callId}]`);
      else expect(why.reply).toMatch(new RegExp(`${i.callId}[^\\n]*failed no mandatory rule`));
    }
  });

  it('"how did the south team do in June?": the dashboard\'s reviewed mean and the queue\'s failed-mandatory count', async () => {
    const t = await conversation().turn('how did the south team do in June?');
    const filter = { ...JUNE, team: 'Home Finance South' };
    const queue = await qaAggregate(h.db, filter);
    const dashboard = await qaTrends(h.db, filter, '2024-07-08');
    const failed = (await qaAggregate(h.db, { ...filter, failed_mandatory: true })).calls;
    expect(dashboard.team_mean).toBe(queue.mean);
    expect(t.reply).toContain(`**${queue.mean}/100** mean QA score over ${queue.scored} scored of ${queue.calls} analysed calls`);
    expect(t.reply).toContain(`${failed} failed a mandatory rule`);
  });
});
