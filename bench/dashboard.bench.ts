/**
 * The dashboard's widgets (issue 16) on 1,000,000 stored QA results, on PGlite and on PostgreSQL,
 * as ratios to a baseline measured in the same run over the same rows: a bare
 * `SELECT count(*) FROM qa_results`. Each widget runs with filters that vary from one iteration
 * to the next (the default 12 weeks, one advisor, one team, one product, a team and a product, a
 * whole year), p50/p95 over N runs after a warm-up. Figures, not assertions; the target (README
 * "Dashboard") is every widget's p95 ≤ 10× the baseline and under 300 ms on PostgreSQL.
 *
 * The rows come from bench/qa-data.ts (120 advisors in 8 teams, three products, 18 months up to
 * 31 Jul 2024, ~3% analysed twice), with full verdicts; transcripts are left out (`lean`): no
 * widget reads them, and 1M full transcripts would only slow the fill. PGlite runs on a data
 * directory on disk (1M rows do not fit an in-memory WebAssembly heap); PostgreSQL is the server
 * at BENCH_POSTGRES_URL (bench/dashboard.sh starts a throw-away one), in a database of its own.
 *
 *   npm run bench:dashboard -- [--rows 1000000] [--iterations 20] [--db pglite,postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type DatabaseHandle, type Db } from '../server/db/client.ts';
import type { DashboardFilter } from '../server/contracts/dashboard-schemas.ts';
import { createPostgresDatabase } from '../server/testing/test-database.ts';
import { ADVISORS, fillQaResults, TEAMS } from './qa-data.ts';
import { dashboardWidgetsToTime } from './dashboard-widgets.ts';
import { percentiles, timeIt } from './timing.ts';

const { values: opts } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '20' },
    db: { type: 'string', default: 'pglite,postgres' },
  },
});
const CALLS = Number(opts.rows);
const N = Number(opts.iterations);
const root = new URL('..', import.meta.url).pathname;
/** The generated calls end on 31 Jul 2024: "today" for the default period. */
const CLOCK = '2024-07-31T17:00:00Z';

const FILTERS: Array<{ label: string; filter: DashboardFilter }> = [
  { label: 'default 12 weeks', filter: {} },
  { label: 'one advisor', filter: { advisor: ADVISORS[7]!.name } },
  { label: 'one team', filter: { team: TEAMS[2]! } },
  { label: 'one product', filter: { product: 'Homeowner Loan' } },
  { label: 'team + product', filter: { team: TEAMS[5]!, product: 'HELOC 2.0' } },
  { label: 'a whole year', filter: { from: '2023-08-01', to: '2024-07-31' } },
];

async function openPglite(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dcf-bench-dashboard-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('BENCH_POSTGRES_URL is not set: run `npm run bench:dashboard` (bench/dashboard.sh starts PostgreSQL)');
  return createPostgresDatabase(adminUrl, `dcf_bench_dashboard_${process.pid}`);
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const ratio = (x: number, base: number) => `${(x / base).toFixed(1)}×`;

async function benchOne(kind: 'pglite' | 'postgres'): Promise<void> {
  const handle = kind === 'pglite' ? await openPglite() : await openPostgres();
  try {
    await migrateDatabase(handle, root);
    const db: Db = handle.db;
    let t = performance.now();
    const rows = await fillQaResults(db, CALLS, { lean: true });
    console.log(`\n## ${kind}: ${rows} rows (${CALLS} calls) filled in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const base = await timeIt(() => db.execute(sql`select count(*) from qa_results`), N);
    console.log(`baseline select count(*): p50 ${ms(base.p50)}, p95 ${ms(base.p95)}`);
    console.log('| widget | p50 | p95 | p95 × baseline | slowest filter (p95) |');
    console.log('|---|---|---|---|---|');
    for (const [widget, run] of Object.entries(dashboardWidgetsToTime(db, CLOCK))) {
      const all: number[] = [];
      let worst = { label: '', p95: 0 };
      for (const { label, filter } of FILTERS) {
        t = performance.now();
        const times = await timeIt(() => run(filter), Math.max(3, Math.ceil(N / FILTERS.length)), { raw: true });
        all.push(...times.raw);
        if (times.p95 > worst.p95) worst = { label, p95: times.p95 };
      }
      const p = percentiles(all);
      console.log(`| ${widget} | ${ms(p.p50)} | ${ms(p.p95)} | ${ratio(p.p95, base.p95)} | ${worst.label} (${ms(worst.p95)}) |`);
    }
  } finally {
    await handle.dispose();
  }
}

const started = performance.now();
for (const kind of opts.db.split(',') as Array<'pglite' | 'postgres'>) await benchOne(kind);
console.log(`\nwhole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
