import { sql } from 'drizzle-orm';
import { mulberry32 } from '../lib/seeded-random.ts';
import type { Db } from '../server/db/client.ts';
import type { QaRecordInput } from '../lib/qa-record.ts';
import { FIXTURE_RULES, qaRecordFixture } from '../server/qa/testing/fixtures.ts';

/**
 * A realistic QA results store for the queue benchmark, reproducible from a seed: a lender's
 * advice calls over 18 months — 120 advisors in 8 teams, three products, most calls passing,
 * some failing one or more rules (mandatory ones less often), a few vulnerable or confused
 * customers, older calls mostly signed off and recent ones mostly unreviewed, and about 3% of
 * calls analysed twice (the earlier analysis kept as history, `latest = false`).
 *
 * The JSON documents (transcript, verdicts, sentiment, score detail, provenance) come from a few
 * hundred call templates built with the test fixture builder and are copied into every row inside
 * the database (`INSERT … SELECT` joining a template table), so each row stores its own
 * full-size documents as the projection would, while only the scalar columns cross the wire.
 */
export const TEAMS = [
  'Home Finance North',
  'Home Finance South',
  'Home Finance East',
  'Home Finance West',
  'Midlands',
  'Scotland',
  'Wales',
  'Direct',
];
const FIRST = [
  'Alex',
  'Priya',
  'Tom',
  'Maria',
  'James',
  'Fatima',
  'Daniel',
  'Sophie',
  'Oliver',
  'Amelia',
  'Noah',
  'Isla',
  'Leo',
  'Ava',
  'Arjun',
];
const LAST = ['Wong', 'Shah', 'Ellis', 'Garcia', "O'Connor", 'Khan', 'Brooks', 'Turner'];
const SURNAMES = [
  'Okafor',
  'Lewis',
  'Nowak',
  'Hughes',
  'Campbell',
  'Ahmed',
  'Fraser',
  'Kowalski',
  'Bennett',
  'Rossi',
  'Adeyemi',
  'Murphy',
  'Patel',
  'Doyle',
];
const PRODUCTS = [
  ['HELOC 2.0', 0.5],
  ['Homeowner Loan', 0.3],
  ['Debt Consolidation Loan', 0.2],
] as const;
const MANDATORY = FIXTURE_RULES.filter((r) => r.mandatory).map((r) => r.rule_id);
const OTHER = FIXTURE_RULES.filter((r) => !r.mandatory).map((r) => r.rule_id);
const END = Date.parse('2024-07-31T17:00:00Z');
const DAY = 86_400_000;

export const ADVISORS = Array.from({ length: 120 }, (_, i) => ({
  name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
  team: TEAMS[i % TEAMS.length]!,
}));

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
function weighted<T>(rng: Rng, xs: ReadonlyArray<readonly [T, number]>): T {
  let r = rng();
  for (const [x, w] of xs) if ((r -= w) < 0) return x;
  return xs[xs.length - 1]![0];
}

/** Call templates: which rules failed, flags, sentiment, product. */
function templates(rng: Rng, n: number): QaRecordInput[] {
  return Array.from({ length: n }, () => {
    const fails = weighted(rng, [
      [0, 0.45],
      [1, 0.3],
      [2, 0.15],
      [3, 0.1],
    ] as const);
    const fail = new Set<string>();
    while (fail.size < fails) fail.add(rng() < 0.35 ? pick(rng, MANDATORY) : pick(rng, OTHER));
    return qaRecordFixture({
      fail: [...fail],
      vulnerable: rng() < 0.08,
      confused: rng() < 0.12,
      anxious: rng() < 0.15,
      sentimentScore: Math.round((rng() * 1.6 - 0.6) * 100) / 100,
      product: weighted(rng, PRODUCTS),
    });
  });
}

type Row = {
  k: number;
  run_id: string;
  call_id: string;
  application_id: string;
  advisor: string;
  team: string;
  customer: string;
  product: string;
  call_at: string;
  run_finished_at: string;
  latest: boolean;
  review_status: string;
  overridden: boolean;
  human_score: number | null;
  duration_s: number;
};

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const runId = (n: number) => `00000000-0000-4000-8000-${hex(n, 12)}`;

/** The scalar columns of `calls` calls (plus their earlier analyses), in batches. */
function* rowBatches(rng: Rng, tpl: QaRecordInput[], calls: number, batch: number): Generator<Row[]> {
  let out: Row[] = [];
  for (let i = 0; i < calls; i++) {
    const k = Math.floor(rng() * tpl.length);
    const t = tpl[k]!;
    const adv = ADVISORS[Math.floor(rng() * ADVISORS.length)]!;
    let at = END - Math.floor(rng() * 548) * DAY - Math.floor(rng() * 9 * 3600_000);
    if ([0, 6].includes(new Date(at).getUTCDay())) at -= 2 * DAY; // weekday calls
    const ageDays = (END - at) / DAY;
    const status = weighted(
      rng,
      ageDays > 60
        ? ([
            ['signed_off', 0.75],
            ['unreviewed', 0.2],
            ['in_review', 0.04],
            ['awaiting_second_signoff', 0.01],
          ] as const)
        : ([
            ['unreviewed', 0.8],
            ['in_review', 0.12],
            ['awaiting_second_signoff', 0.03],
            ['signed_off', 0.05],
          ] as const),
    );
    const overridden = status !== 'unreviewed' && rng() < 0.08;
    const finished = at + (1 + Math.floor(rng() * 6)) * DAY;
    const base = {
      call_id: `REC-${100000 + i}`,
      application_id: `APP-${50000 + Math.floor(i / 2)}`,
      advisor: adv.name,
      team: adv.team,
      customer: `${pick(rng, ['Mr', 'Mrs', 'Ms'])} ${pick(rng, SURNAMES)}`,
      product: t.product!,
      call_at: new Date(at).toISOString(),
      duration_s: 300 + Math.floor(rng() * 1500),
    };
    out.push({
      ...base,
      k,
      run_id: runId(Math.floor(i / 8)),
      run_finished_at: new Date(finished).toISOString(),
      latest: true,
      review_status: status,
      overridden,
      human_score: overridden && rng() < 0.5 ? Math.min(100, (t.score ?? 0) + 10) : null,
    });
    if (rng() < 0.03) {
      out.push({
        ...base,
        k: Math.floor(rng() * tpl.length),
        run_id: runId(1_000_000 + i),
        run_finished_at: new Date(finished - DAY / 2).toISOString(),
        latest: false,
        review_status: 'unreviewed',
        overridden: false,
        human_score: null,
      });
    }
    if (out.length >= batch) yield out.splice(0);
  }
  if (out.length) yield out;
}

/**
 * Fills `qa_results` with `calls` generated calls; returns the number of rows written. `lean`
 * stores an empty transcript (a benchmark whose queries never read transcripts: the dashboard's).
 */
export async function fillQaResults(db: Db, calls: number, opts: { seed?: number; lean?: boolean } = {}): Promise<number> {
  const { seed = 13, lean = false } = opts;
  const rng = mulberry32(seed);
  const tpl = templates(rng, 400);
  await db.execute(sql`create temporary table bench_tpl (
    k int primary key, score real, max_score real, score_detail jsonb, verdicts jsonb, sentiment jsonb, transcript jsonb, provenance jsonb,
    failed_rule_ids text[], failed_mandatory int, rules_passed int, rules_failed int, vulnerable bool, confused bool, anxious bool)`);
  const docs = tpl.map((t, k) => {
    const failed = t.verdicts.filter((v) => v.verdict === 'fail');
    const flag = (type: string) => t.sentiment?.flags.some((f) => f.type === type) ?? false;
    return {
      k,
      score: t.score,
      max_score: t.maxScore,
      score_detail: t.scoreDetail,
      verdicts: t.verdicts,
      sentiment: t.sentiment,
      transcript: lean ? { text: '', turns: [], language: 'en' } : t.transcript,
      provenance: t.provenance,
      failed_rule_ids: failed.map((v) => v.rule_id),
      failed_mandatory: failed.filter((v) => v.mandatory).length,
      rules_passed: t.verdicts.filter((v) => v.verdict === 'pass').length,
      rules_failed: failed.length,
      vulnerable: flag('vulnerability'),
      confused: flag('confusion'),
      anxious: flag('anxiety'),
    };
  });
  await db.execute(sql`insert into bench_tpl select k, score, max_score, score_detail, verdicts, sentiment, transcript, provenance,
      array(select jsonb_array_elements_text(failed_rule_ids)), failed_mandatory, rules_passed, rules_failed, vulnerable, confused, anxious
    from jsonb_to_recordset(${JSON.stringify(docs)}::jsonb) as d(k int, score real, max_score real, score_detail jsonb, verdicts jsonb,
      sentiment jsonb, transcript jsonb, provenance jsonb, failed_rule_ids jsonb, failed_mandatory int, rules_passed int, rules_failed int,
      vulnerable bool, confused bool, anxious bool)`);
  let written = 0;
  for (const rows of rowBatches(rng, tpl, calls, 5000)) {
    await db.execute(sql`insert into qa_results (run_id, call_id, application_id, advisor, team, customer, product, call_at, duration_s,
        workflow_id, workflow_name, workflow_version, run_finished_at, score, max_score, score_detail, verdicts, failed_rule_ids,
        failed_mandatory, rules_passed, rules_failed, sentiment, vulnerable, confused, anxious, transcript, provenance, latest,
        review_status, overridden, human_score)
      select r.run_id, r.call_id, r.application_id, r.advisor, r.team, r.customer, r.product, r.call_at, r.duration_s,
        '8d5d8f4e-7d2a-4b8e-9a57-3c1f0e2b6a10', 'Standard Advice Call Analysis', '1.0.0', r.run_finished_at, t.score, t.max_score,
        t.score_detail, t.verdicts, t.failed_rule_ids, t.failed_mandatory, t.rules_passed, t.rules_failed, t.sentiment, t.vulnerable,
        t.confused, t.anxious, t.transcript, t.provenance, r.latest, r.review_status, r.overridden, r.human_score
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(k int, run_id text, call_id text, application_id text, advisor text,
        team text, customer text, product text, call_at timestamptz, run_finished_at timestamptz, latest bool, review_status text,
        overridden bool, human_score real, duration_s real)
      join bench_tpl t on t.k = r.k`);
    written += rows.length;
  }
  await db.execute(sql`analyze qa_results`);
  return written;
}
