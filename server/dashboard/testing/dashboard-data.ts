import { eq } from 'drizzle-orm';
import type { Actor } from '../../contracts/audit-actor.ts';
import { createUser } from '../../auth/users.ts';
import type { Db } from '../../db/client.ts';
import { qaResults, qaReviewActions, type QaResultRow, type QaReviewActionRow } from '../../db/schema/index.ts';
import type { QaRecordInput } from '../../../lib/qa-record.ts';
import { testScoringSkill } from '../../qa/testing/scoring.ts';
import { reviewQaResult } from '../../qa/review.ts';
import type { ReviewInput } from '../../../lib/review-input.ts';
import { upsertQaRecords } from '../../qa/store.ts';
import { qaRecordFixture, type QaFixtureOptions } from '../../qa/testing/fixtures.ts';

/**
 * A varied QA store for the dashboard's integration tests, written through the real store
 * (upsertQaRecords), review (reviewQaResult) and plain SQL updates and deletes, so the rollups'
 * triggers see every kind of write: several advisors (one who moved team, calls without one),
 * teams, products (and calls without one), six weeks either side of the clocks going forward
 * (Sunday 31 March 2024) with calls just before and after London midnight, vulnerable / confused /
 * anxious customers, mandatory and other rules failing, rules not applicable, a rule stated two
 * ways, a verdict repeated in one call, unscored and undated calls, earlier analyses (stored
 * before and after the newest), a re-analysis that moves a call to another advisor and day, a
 * redelivery that changes a product, a deleted result, and review decisions with changed minds.
 */
export const NORTH = 'Home Finance North';
export const SOUTH = 'Home Finance South';
const ADVISORS = ['Alex Wong', 'Priya Shah', "James O'Connor", 'Fatima Khan', 'Tom Ellis', null] as const;
const TEAM: Record<string, string> = { 'Alex Wong': NORTH, 'Priya Shah': NORTH, "James O'Connor": SOUTH, 'Fatima Khan': SOUTH };
const PRODUCTS = ['HELOC 2.0', 'Homeowner Loan', 'Debt Consolidation Loan', null] as const;
const FAILS = [[], ['FCA-DISC-02'], ['CD-01', 'CD-03'], ['FCA-ID-01', 'PROD-01'], ['VUL-01', 'FCA-DISC-05']];
/** Either side of London midnight around the clock change: [instant, why]. */
const EDGES: Record<number, string> = {
  1: '2024-03-31T23:30:00.000Z', // Monday 1 April, 00:30 BST: the week of 1 April
  2: '2024-03-24T23:30:00.000Z', // Sunday 24 March, 23:30 GMT: still the week of 18 March
  7: '2024-03-30T23:30:00.000Z', // Saturday 30 March, 23:30 GMT
  13: '2024-04-07T23:30:00.000Z', // Monday 8 April, 00:30 BST
  14: '2024-01-10T10:00:00.000Z', // early in the default period
  15: '2023-12-20T10:00:00.000Z', // before the default period
};
/** The console's clock for the tests: the default period is 29 January – 21 April 2024. */
export const CLOCK = '2024-04-21';

function callOf(i: number): QaRecordInput {
  const advisor = ADVISORS[i % ADVISORS.length]!;
  const team = advisor === 'Tom Ellis' ? (i < 30 ? NORTH : SOUTH) : advisor ? TEAM[advisor]! : i % 12 === 5 ? null : NORTH;
  const day = new Date(Date.parse('2024-03-04T00:00:00Z') + ((i * 5) % 42) * 86_400_000).toISOString().slice(0, 10);
  const callAt = i === 11 ? null : (EDGES[i] ?? `${day}T${i % 3 === 0 ? '08:05' : '16:40'}:00.000Z`);
  const vulnerable = i % 3 === 1;
  const r = qaRecordFixture({
    runId: `run-${i % 5}`,
    callId: `REC-${3000 + i}`,
    advisor,
    team,
    product: PRODUCTS[i % PRODUCTS.length]!,
    callAt,
    fail: FAILS[i % FAILS.length]!,
    vulnerable,
    confused: i % 5 === 2,
    anxious: i % 7 === 3,
    runFinishedAt: '2024-04-30T10:00:00.000Z',
  });
  // A rule without text; the same rule stated twice in one call (one verdict fails); a rule set's wording and mandatory flag changed.
  if (i % 8 === 1) r.verdicts.push({ ...r.verdicts[0]!, rule_id: 'EXTRA-01', rule: '', mandatory: false, verdict: 'fail' });
  if (i === 17) r.verdicts.push({ ...r.verdicts.find((v) => v.rule_id === 'CD-01')!, verdict: 'fail' });
  const reworded = 'Tell the customer the call is recorded (v2).';
  if (i === 19) r.verdicts = r.verdicts.map((v) => (v.rule_id === 'FCA-DISC-01' ? { ...v, rule: reworded } : v));
  if (i === 23) r.verdicts = r.verdicts.map((v) => (v.rule_id === 'CD-03' ? { ...v, mandatory: true } : v));
  return i % 9 === 4 ? { ...r, score: null, maxScore: null, scoreDetail: null } : r;
}

const earlier = (r: QaRecordInput, o: QaFixtureOptions) =>
  qaRecordFixture({
    callId: r.callId,
    advisor: r.advisor,
    team: r.team,
    product: r.product,
    callAt: r.callAt,
    runId: 'run-old',
    runFinishedAt: '2024-04-20T10:00:00.000Z',
    ...o,
  });

export interface Seeded {
  rows: QaResultRow[];
  actions: QaReviewActionRow[];
}

export async function seedDashboard(db: Db): Promise<Seeded> {
  const calls = Array.from({ length: 48 }, (_, i) => callOf(i));
  await upsertQaRecords(db, calls);
  // Earlier analyses stored after the newest (they stay history); a newer one stored after (it replaces the first).
  await upsertQaRecords(db, [
    earlier(calls[3]!, { fail: ['FCA-DISC-05', 'CD-01'], vulnerable: true }),
    earlier(calls[8]!, { advisor: 'Priya Shah' }),
  ]);
  await upsertQaRecords(db, [earlier(calls[20]!, { runId: 'run-new', runFinishedAt: '2024-05-02T10:00:00.000Z', fail: ['FCA-ID-02'] })]);
  // A re-analysis that moves a call to another advisor and day, and a redelivery that changes a product.
  await upsertQaRecords(db, [
    qaRecordFixture({
      runId: 'run-new',
      callId: calls[30]!.callId,
      advisor: 'Priya Shah',
      team: NORTH,
      product: 'Homeowner Loan',
      callAt: '2024-04-02T09:00:00.000Z',
      fail: ['CD-03'],
      runFinishedAt: '2024-05-02T10:00:00.000Z',
    }),
  ]);
  await upsertQaRecords(db, [{ ...calls[31]!, product: 'Debt Consolidation Loan' }]);
  await reviews(db);
  // A deleted result (its review actions go with it).
  await db.delete(qaResults).where(eq(qaResults.callId, calls[33]!.callId));
  return { rows: await db.select().from(qaResults), actions: await db.select().from(qaReviewActions) };
}

async function reviewer(db: Db, key: string): Promise<Actor> {
  const r = await createUser(db, {
    email: `${key}@dashboard.test`,
    displayName: key,
    role: 'compliance_manager',
    password: 'a-long-password-1',
  });
  if (!r.ok) throw new Error(r.reason);
  return { kind: 'user', id: r.user.id, label: r.user.email, role: r.user.role };
}

/** Decisions (a changed mind, overrides, agreements), sign-offs, and a decision on an earlier analysis. */
async function reviews(db: Db): Promise<void> {
  const [cm1, cm2] = [await reviewer(db, 'cm1'), await reviewer(db, 'cm2')];
  const all = await db.select().from(qaResults);
  const of = (callId: string, latest = true) => all.find((r) => r.callId === callId && r.latest === latest)!.id;
  const steps: Array<[Actor, ReviewInput]> = [
    [
      cm1,
      { qa_result_id: of('REC-3001'), action: 'rule', rule_id: 'FCA-DISC-02', decision: 'override', verdict: 'pass', reason: 'Warned.' },
    ],
    [cm1, { qa_result_id: of('REC-3001'), action: 'rule', rule_id: 'FCA-DISC-02', decision: 'agree' }],
    [cm1, { qa_result_id: of('REC-3001'), action: 'score', decision: 'override', score: 72, reason: 'Harsh cap.' }],
    [cm2, { qa_result_id: of('REC-3002'), action: 'rule', rule_id: 'CD-01', decision: 'agree' }],
    [cm2, { qa_result_id: of('REC-3002'), action: 'score', decision: 'agree' }],
    [cm2, { qa_result_id: of('REC-3002'), action: 'sign_off' }],
    [cm1, { qa_result_id: of('REC-3006'), action: 'rule', rule_id: 'FCA-DISC-02', decision: 'override', verdict: 'pass', reason: 'Said.' }],
    [cm1, { qa_result_id: of('REC-3006'), action: 'sign_off' }],
    [cm2, { qa_result_id: of('REC-3012'), action: 'score', decision: 'override', score: 40, reason: 'Misleading.' }],
    [cm2, { qa_result_id: of('REC-3012'), action: 'score', decision: 'override', score: 55, reason: 'On reflection.' }],
    [cm1, { qa_result_id: of('REC-3003', false), action: 'rule', rule_id: 'CD-01', decision: 'agree' }],
    [cm1, { qa_result_id: of('REC-3033'), action: 'rule', rule_id: 'CD-01', decision: 'agree' }],
  ];
  for (const [actor, input] of steps) {
    const r = await reviewQaResult(db, actor, input, testScoringSkill());
    if (!r.ok) throw new Error(`${input.action} on ${input.qa_result_id}: ${r.message}`);
  }
}
