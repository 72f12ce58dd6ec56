/**
 * The console under load (issue 32): requests per second and p50/p95 latency of the main API calls
 * and pages, and runs started per second, through the proxy of a running topology (bench/load.sh
 * starts one with one console and again with two). Each scenario keeps LOAD_CONCURRENCY requests
 * in flight for LOAD_SECONDS; the baseline, measured in the same run, is a static file served by
 * the same consoles through the same proxy (the transport and Next's routing, no work).
 *
 * Prints a table and writes the figures as JSON to LOAD_OUT (bench/load.sh compares two runs).
 */
import { writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { ALL_CALLS_WORKFLOW_ID } from '../cli/demo-history/backfill.ts';
import pg from 'pg';
import { ConsoleClient } from '../scripts/soak/client.ts';

const base = process.env.SOAK_URL ?? 'http://127.0.0.1:3000';
const seconds = Number(process.env.LOAD_SECONDS ?? 15);
const concurrency = Number(process.env.LOAD_CONCURRENCY ?? 8);

export interface Figures {
  name: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Keeps `concurrency` calls of `once` in flight for `seconds`; each call's latency in ms. */
async function measure(name: string, once: () => Promise<unknown>): Promise<Figures> {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await once();
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const f = {
    name,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
  };
  const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;
  const failed = errors ? `  ${errors} errors` : '';
  console.log(`  ${name.padEnd(34)} ${f.perSecond.toFixed(1).padStart(7)}/s  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}${failed}`);
  return f;
}

type Envelope = { status: 'ok' | 'error'; error?: string } & Record<string, unknown>;
const ok = (r: Envelope) => {
  if (r.status !== 'ok') throw new Error(r.error);
};

const reviewer = new ConsoleClient(base);
await reviewer.signIn('compliance@demo.dcf', 'demo-compliance');
const staticFile = async () => {
  const res = await fetch(`${base}/icon.svg`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
};
const { advisors } = await reviewer.query<Envelope & { advisors: { name: string }[] }>('crm.advisors', {});
let k = 0;
const started: string[] = [];

/**
 * Runs finished per second, sustained: from the start of the runs.start scenario until the workers
 * have ended every run it started (the store of record's execution rows).
 */
async function drained(): Promise<Figures> {
  const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const t = performance.now();
  let ended = 0;
  while (performance.now() - t < 600_000) {
    ended = Number((await db.query('select count(*)::int as n from graph_executions where run_id = any($1)', [started])).rows[0].n);
    if (ended >= started.length) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await db.end();
  const total = seconds + (performance.now() - t) / 1000;
  const f = {
    name: 'runs finished (sustained)',
    requests: ended,
    errors: started.length - ended,
    perSecond: ended / total,
    p50: NaN,
    p95: NaN,
  };
  console.log(`  ${f.name.padEnd(34)} ${f.perSecond.toFixed(1).padStart(7)}/s  (${ended} runs in ${total.toFixed(0)} s)`);
  return f;
}
console.log(`load: ${concurrency} requests in flight, ${seconds} s per scenario, through ${base}`);
const figures: Figures[] = [
  await measure('baseline: a static file', staticFile),
  await measure('qa.list (review queue, page of 50)', async () => ok(await reviewer.query('qa.list', { limit: 50 }))),
  await measure('dashboard.qaTrends', async () => ok(await reviewer.query('dashboard.qaTrends', {}))),
  await measure('runs.list', async () => ok(await reviewer.query('runs.list', {}))),
  await measure('page /qa', async () => {
    if ((await reviewer.page('/qa')) !== 200) throw new Error('not 200');
  }),
  await measure('page /dashboard', async () => {
    if ((await reviewer.page('/dashboard')) !== 200) throw new Error('not 200');
  }),
  await measure('runs.start (runs started)', async () => {
    const runId = randomUUID();
    const input = { advisor_name: advisors[k++ % advisors.length]!.name, start_date: '2024-07-01', end_date: '2024-07-07' };
    ok(await reviewer.mutate('runs.start', { workflow_id: ALL_CALLS_WORKFLOW_ID, run_id: runId, input }));
    started.push(runId);
  }),
];
figures.push(await drained());
if (process.env.LOAD_OUT) writeFileSync(process.env.LOAD_OUT, JSON.stringify(figures, null, 2));
