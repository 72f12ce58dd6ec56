/**
 * The QA queue on a store of 100,000 calls (in-memory PGlite, the project's migrations), as ratios
 * to a baseline measured in the same run on the same table: the bare indexed query any queue must
 * run at least, `SELECT <queue columns> FROM qa_results WHERE latest ORDER BY call_at DESC, id DESC
 * LIMIT 50`. Each case is `listQaPage` (one page of 50 and the filter's total) with a typical triage
 * filter and sort — first pages, and deep pages reached with a keyset cursor. p50/p95 over N runs;
 * figures, not assertions. `--explain` prints the plans of what listQaPage sends for the cases over
 * 10x; `--proposed-indexes` first adds the indexes proposed in bench/README.md (this in-memory copy
 * only; the schema is unchanged), to compare; `--export` also times one CSV export of the whole queue
 * (server/qa/export-stream.ts: pages of 1,000 through listQaPage).
 *
 *   npm run bench:qa -- [--calls 100000] [--iterations 20] [--explain] [--proposed-indexes] [--export]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { londonDay } from '../lib/uk-time.ts';
import { migrateDatabase, openDatabase, type Db } from '../server/db/client.ts';
import { qaResults } from '../server/db/schema/index.ts';
import type { QaFilter, QaSort } from '../lib/qa-filter.ts';
import { openQaCsvExport } from '../server/qa/export-stream.ts';
import { encodeCursor, listQaPage, qaAggregate, qaWhere, QUEUE_COLUMNS } from '../server/qa/query.ts';
import { ADVISORS, fillQaResults } from './qa-data.ts';
import { timeIt } from './timing.ts';

const { values: opts } = parseArgs({
  options: {
    calls: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
    'proposed-indexes': { type: 'boolean', default: false },
    export: { type: 'boolean', default: false },
  },
});
const CALLS = Number(opts.calls);
const N = Number(opts.iterations);
const PAGE = 50;
const root = new URL('..', import.meta.url).pathname;

const started = performance.now();
const handle = await openDatabase({ kind: 'pglite', dataDir: null });
await migrateDatabase(handle, root);
const db: Db = handle.db;
let t = performance.now();
const rows = await fillQaResults(db, CALLS);
console.log(`filled qa_results: ${rows} rows (${CALLS} calls) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
if (opts['proposed-indexes']) {
  // The queue's descending sorts put NULLs last, which the ascending indexes cannot give; advisor matches on lower().
  await db.execute(sql`create index qa_queue_call_at_desc on qa_results (latest, call_at desc nulls last, id desc)`);
  await db.execute(sql`create index qa_queue_score_desc on qa_results (latest, score desc nulls last, id desc)`);
  await db.execute(sql`create index qa_queue_advisor_lower on qa_results (lower(advisor), call_at desc nulls last, id desc)`);
  await db.execute(sql`analyze qa_results`);
  console.log('with the proposed indexes (bench/README.md)');
}

const SORT_COLUMNS = {
  call_at: qaResults.callAt,
  score: qaResults.score,
  advisor: qaResults.advisor,
  failed_mandatory: qaResults.failedMandatory,
};

/** A cursor `fraction` of the way into the filtered, sorted queue (found with OFFSET, outside the timing). */
async function cursorAt(filter: QaFilter, sort: QaSort, fraction: number): Promise<string> {
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(qaResults)
    .where(qaWhere(filter))) as [{ n: number }];
  const offset = Math.max(1, Math.floor(n * fraction));
  const col = SORT_COLUMNS[sort.by];
  const dir = sql.raw(sort.dir);
  const [r] = await db
    .select({ id: qaResults.id, v: col })
    .from(qaResults)
    .where(qaWhere(filter))
    .orderBy(sql`${col} ${dir} nulls last`, sql`${qaResults.id} ${dir}`)
    .offset(offset - 1)
    .limit(1);
  if (!r) throw new Error(`no row ${offset} for ${JSON.stringify(filter)}`);
  return encodeCursor({ v: r.v as string | number | null, id: r.id });
}

const [latestCall] = await db.select({ at: sql<string>`max(${qaResults.callAt})` }).from(qaResults);
const today = londonDay(new Date(latestCall!.at).toISOString());
const daysBefore = (n: number) => londonDay(new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString());
const advisor = ADVISORS[7]!;

/** `deep`: how far into the filtered list the measured page starts (0.5 = halfway), reached with a cursor. */
type Case = { name: string; filter: QaFilter; sort: QaSort; deep?: number };
const byDate: QaSort = { by: 'call_at', dir: 'desc' };
const CASES: Case[] = [
  { name: 'no filter (newest first)', filter: {}, sort: byDate },
  { name: 'no filter, page halfway', filter: {}, sort: byDate, deep: 0.5 },
  { name: 'unreviewed + failed mandatory', filter: { review_status: ['unreviewed'], failed_mandatory: true }, sort: byDate },
  { name: 'score below 60, lowest first', filter: { score_below: 60 }, sort: { by: 'score', dir: 'asc' } },
  { name: 'score, highest first', filter: {}, sort: { by: 'score', dir: 'desc' } },
  { name: 'score, highest first, page halfway', filter: {}, sort: { by: 'score', dir: 'desc' }, deep: 0.5 },
  {
    name: 'unreviewed + failed mandatory, halfway',
    filter: { review_status: ['unreviewed'], failed_mandatory: true },
    sort: byDate,
    deep: 0.5,
  },
  {
    name: 'vulnerable + not signed off',
    filter: { vulnerable: true, review_status: ['unreviewed', 'in_review', 'awaiting_second_signoff'] },
    sort: byDate,
  },
  { name: 'one advisor, last 30 days', filter: { advisor: advisor.name, from: daysBefore(30), to: today }, sort: byDate },
  { name: 'one advisor, all time', filter: { advisor: advisor.name }, sort: byDate },
  {
    name: 'team + last 7 days, most failures',
    filter: { team: advisor.team, from: daysBefore(7), to: today },
    sort: { by: 'failed_mandatory', dir: 'desc' },
  },
  { name: 'failed rule FCA-DISC-02', filter: { rule_id: 'FCA-DISC-02' }, sort: byDate },
  { name: 'overridden by a reviewer', filter: { overridden: true }, sort: byDate },
  { name: 'product, by advisor A-Z', filter: { product: 'Homeowner Loan' }, sort: { by: 'advisor', dir: 'asc' } },
  { name: 'one call, all analyses', filter: { call_id: 'REC-100042', include_earlier: true }, sort: byDate },
];

const baselineSql = sql`select ${sql.join(
  Object.values(QUEUE_COLUMNS).map((c) => sql`${c}`),
  sql`, `,
)} from ${qaResults}
  where ${qaResults.latest} order by ${qaResults.callAt} desc, ${qaResults.id} desc limit ${PAGE}`;
const baseline = await timeIt(() => db.execute(baselineSql), N);
const ms = (n: number) => n.toFixed(2);
console.log(
  `baseline: bare indexed page (WHERE latest ORDER BY call_at DESC, id DESC LIMIT ${PAGE}): ` +
    `p50 ${ms(baseline.p50)} ms, p95 ${ms(baseline.p95)} ms`,
);
const COUNT_RUNS = Math.max(5, Math.round(N / 2));
console.log(
  `${N} runs each; ratio = p95 / baseline p95. "count p95" (${COUNT_RUNS} runs): the filter's count(*) alone, ` +
    'which listQaPage runs with every page.\n',
);
/** One table line: case, matches, p50, p95, ratio, count p95. */
const line = (cells: string[]) =>
  console.log(cells.map((c, i) => (i === 0 ? c.padEnd(40) : c.padStart([7, 8, 8, 7, 10][i - 1]!))).join(' '));
line(['case', 'matches', 'p50 ms', 'p95 ms', 'ratio', 'count p95']);

const slow: Case[] = [];
for (const c of CASES) {
  const cursor = c.deep ? await cursorAt(c.filter, c.sort, c.deep) : undefined;
  const first = await listQaPage(db, { filter: c.filter, sort: c.sort, limit: PAGE, cursor });
  const page = await timeIt(() => listQaPage(db, { filter: c.filter, sort: c.sort, limit: PAGE, cursor }), N);
  const count = await timeIt(
    () =>
      db
        .select({ n: sql`count(*)` })
        .from(qaResults)
        .where(qaWhere(c.filter)),
    COUNT_RUNS,
  );
  const ratio = page.p95 / baseline.p95;
  if (ratio > 10) slow.push(c);
  line([c.name, String(first.total), ms(page.p50), ms(page.p95), `${ratio.toFixed(1)}x`, ms(count.p95)]);
}
const tool = await timeIt(() => Promise.all([listQaPage(db, { filter: {}, sort: byDate, limit: PAGE }), qaAggregate(db, {})]), N);
line(['list_qa_results tool (page + aggregate)', '', ms(tool.p50), ms(tool.p95), `${(tool.p95 / baseline.p95).toFixed(1)}x`, '']);
if (opts.export) {
  const t0 = performance.now();
  const { total, stream } = await openQaCsvExport(db, { filter: {}, sort: byDate });
  let bytes = 0;
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  const s = (performance.now() - t0) / 1000;
  console.log(
    `CSV export of the whole queue: ${total} rows, ${(bytes / 1e6).toFixed(1)} MB in ${s.toFixed(1)} s ` +
      `(${Math.round(total / s)} rows/s)`,
  );
}
if (slow.length) console.log(`\nover 10x the baseline: ${slow.map((c) => c.name).join('; ')}`);

if (opts.explain) {
  // The plans of exactly what listQaPage sends: its queries are captured from the PGlite client, then explained.
  type Client = { query(q: string, p?: unknown[], o?: unknown): Promise<{ rows: Array<Record<string, unknown>> }> };
  const client = (db as unknown as { $client: Client }).$client;
  const query = client.query.bind(client);
  for (const c of slow.length ? slow : CASES.slice(0, 2)) {
    const sent: Array<[string, unknown[]]> = [];
    client.query = (q, p, o) => (sent.push([q, p ?? []]), query(q, p, o));
    const cursor = c.deep ? await cursorAt(c.filter, c.sort, c.deep) : undefined;
    sent.length = 0;
    await listQaPage(db, { filter: c.filter, sort: c.sort, limit: PAGE, cursor });
    client.query = query;
    for (const [q, p] of sent) {
      const plan = (await query(`explain analyze ${q}`, p)).rows.map((r) => String(Object.values(r)[0])).join('\n');
      console.log(`\n== ${c.name}: ${q.startsWith('select count') ? 'count' : 'page'}\n${plan}`);
    }
  }
}
await handle.close();
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
