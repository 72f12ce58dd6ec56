/**
 * Workflow execution throughput, as ratios to baselines measured in the same run on the same
 * redis-server:
 *  - a Redis round trip: EVALSHA of a trivial script, p50 (the floor of any state transition);
 *  - the bare dispatch library: BullMQ jobs/s with a no-op processor (the floor of notifications), and
 *    a chain of no-op jobs each added by the one before (the floor of a chain of transitions).
 * Workloads: a chain of builtin.echo Tasks, and a Map of 1,000 items (one echo Task each); then the
 * chain again with the in-process workers' tool-call plans on (the composition root's WorkerPlans
 * over the process's plan tracker, records in in-memory PGlite), as the console runs it.
 * Beside each: Redis round trips per transition (client side: a pipeline is one; the control
 * plane's connection apart from BullMQ's) and commands per transition (INFO commandstats, scripts'
 * inner commands included), bench/redis-count.ts. Each workload runs first counted per job and cold,
 * then warmed up and timed (`measure`: the median of several runs). Figures, not assertions.
 *
 *   node --import tsx bench/engine.bench.ts [chain | map]   (REDIS_URL to use an existing server)
 *
 * With `chain` or `map`, only the baselines and that workload (five times) run: what
 * bench/engine-profile-top.ts reads a `--cpu-prof` profile of.
 */
import { Queue, Worker } from 'bullmq';
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { createExecutionRuntime } from '../server/execution/runtime.ts';
import { queueConnection } from '../server/execution/dispatcher.ts';
import { startRun } from '../server/execution/start-run.ts';
import { waitForRun } from '../server/execution/wait-run.ts';
import { baseName } from '../server/execution/instances.ts';
import { Continuation } from '../server/execution/continuation.ts';
import { benchRedis, evalshaP50 } from './redis-server.ts';
import { echo, echoChain, echoWorkflow } from './echo-workflows.ts';
import {
  commandStats,
  commandsBetween,
  countContinued,
  countPerJob,
  countRedisTraffic,
  markEngine,
  markIgnored,
  perJob,
  takeJobTraffic,
  trafficSince,
  trafficSnapshot,
} from './redis-count.ts';
import { openDatabase, migrateDatabase } from '../server/db/client.ts';
import { processTracker } from '../server/planning/process-tracker.ts';
import { workerPlans } from '../server/app/worker-plans.ts';

const CONCURRENCY = 8;
/** Runs of a workload before (untimed) and in its measure (median): about 2,000 transitions of warm-up each. */
const CHAIN_RUNS = { warm: 20, timed: 5 };
const MAP_RUNS = { warm: 2, timed: 3 };
const only = process.argv[2] === 'chain' || process.argv[2] === 'map' ? process.argv[2] : null;
const root = new URL('..', import.meta.url).pathname;
const redisServer = await benchRedis({ pinApart: true });
const url = redisServer.url;
const target = { kind: 'single' as const, url };
countRedisTraffic();
countPerJob();
// A notification continued in place is counted as its own (its handler starts inside `accept`).
const accept = Continuation.prototype.accept;
Continuation.prototype.accept = function (this: Continuation, n) {
  countContinued(n, () => accept.call(this, n));
};
// So is one a job carries beside its first (execution/dispatch-groups.ts).
const carry = Continuation.prototype.carry;
Continuation.prototype.carry = function (this: Continuation, n) {
  countContinued(n, () => carry.call(this, n), 'carried');
};
const stats = queueConnection(target);
markIgnored(stats);

/** What `work` cost in Redis traffic: round trips (engine, BullMQ) and server-side commands. */
/** CPU seconds the redis-server has used (INFO cpu: user + system, its main thread and the rest). */
async function redisCpuS(): Promise<number> {
  const info = await stats.info('cpu');
  const num = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return num('used_cpu_user') + num('used_cpu_sys');
}

/** What `work` cost in Redis traffic (round trips: engine, BullMQ; server-side commands) and CPU (this process, redis-server). */
async function traffic<T>(work: () => Promise<T>) {
  const before = await commandStats(stats);
  const redisCpu0 = await redisCpuS();
  const cpu0 = process.cpuUsage();
  const t0 = trafficSnapshot();
  const value = await work();
  const counted = trafficSince(t0);
  const cpu = process.cpuUsage(cpu0);
  const nodeCpuMs = (cpu.user + cpu.system) / 1000;
  const redisCpuMs = ((await redisCpuS()) - redisCpu0) * 1000;
  return { value, ...counted, ...commandsBetween(before, await commandStats(stats)), nodeCpuMs, redisCpuMs };
}

async function bullmqJobsPerSecond(n: number): Promise<number> {
  const conn = queueConnection(target);
  const q = new Queue('bench-baseline', { connection: conn, prefix: '{bench}' });
  await q.obliterate({ force: true });
  let done = 0;
  let finish!: () => void;
  const all = new Promise<void>((r) => (finish = r));
  const wconn = queueConnection(target);
  const w = new Worker('bench-baseline', async () => {}, { connection: wconn, prefix: '{bench}', concurrency: CONCURRENCY });
  w.on('completed', () => {
    if (++done === n) finish();
  });
  const t = performance.now();
  const used = await traffic(async () => {
    await q.addBulk(Array.from({ length: n }, (_, i) => ({ name: 'j', data: { i }, opts: { removeOnComplete: true } })));
    await all;
  });
  const rate = n / ((performance.now() - t) / 1000);
  console.log(
    `bare BullMQ, per job: ${(used.bullmqRoundTrips / n).toFixed(1)} round trips, ` +
      `${(used.commands / n).toFixed(1)} commands (${(used.scripts / n).toFixed(1)} scripts); ` +
      `CPU ${(used.nodeCpuMs / n).toFixed(2)} ms this process, ${(used.redisCpuMs / n).toFixed(2)} ms redis-server`,
  );
  await w.close();
  await q.close();
  conn.disconnect();
  wconn.disconnect();
  return rate;
}

/**
 * The floor of a chain with a BullMQ job per transition: n no-op jobs one after the other, each
 * added by the processor of the one before (as a Task's commit dispatches its successor), on bare
 * BullMQ with the same concurrency. Returns ms per hop.
 */
async function bullmqChainHopMs(n: number): Promise<number> {
  const conn = queueConnection(target);
  const q = new Queue('bench-chain', { connection: conn, prefix: '{bench}' });
  await q.obliterate({ force: true });
  let finish!: () => void;
  const all = new Promise<void>((r) => (finish = r));
  const wconn = queueConnection(target);
  const w = new Worker(
    'bench-chain',
    async (job) => {
      const i = (job.data as { i: number }).i;
      if (i + 1 === n) finish();
      else await q.add('j', { i: i + 1 }, { removeOnComplete: true });
    },
    { connection: wconn, prefix: '{bench}', concurrency: CONCURRENCY },
  );
  const t = performance.now();
  await q.add('j', { i: 0 }, { removeOnComplete: true });
  await all;
  const ms = (performance.now() - t) / n;
  await w.close();
  await q.close();
  conn.disconnect();
  wconn.disconnect();
  return ms;
}

const map = echoWorkflow({
  StartAt: 'M',
  States: { M: { Type: 'Map', ItemProcessor: { StartAt: 'E', States: { E: echo({ End: true }) } }, End: true } },
});

const p50 = await evalshaP50(target);
const jobsPerS = await bullmqJobsPerSecond(3000);
const hopMs = await bullmqChainHopMs(300);
const config = loadConfig({ ...process.env, REDIS_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'silent' }, root);
const rt = await createExecutionRuntime(config, target, pino({ level: 'silent' }));
markEngine(rt.x.redis);
// The bench's own wait for the end (it re-reads the run record on every event) is not the engine's traffic.
const waiterRedis = queueConnection(target);
markIgnored(waiterRedis);
const waiter = { ...rt.x, redis: waiterRedis };
rt.startWorkers(CONCURRENCY);

/**
 * The Task notifications of a measure, each a job's or continued in place in a job: the engine's round
 * trips made while it was handled (the Task's hot path), p50 and max; the jobs' time in their processor.
 */
function taskHotPath(taskStates: ReadonlySet<string>): string {
  const handled = takeJobTraffic().filter((j) => {
    const instance = (j.data as { instance?: unknown } | null)?.instance; // the sweeper's jobs carry none
    return typeof instance === 'string' && taskStates.has(baseName(instance));
  });
  if (handled.length === 0) return 'no Task notifications';
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rts = handled.map((j) => j.engineRoundTrips);
  const jobs = handled.filter((j) => !j.continued && !j.carried);
  const carried = handled.filter((j) => j.carried).length;
  const jobMs = jobs.map((j) => j.ms ?? 0);
  return (
    `Task hot path: ${p50(rts)} engine round trips p50, ${Math.max(...rts)} max (${handled.length} Task notifications, ` +
    `${handled.length - jobs.length - carried} continued in place, ${carried} carried by a job of several); ` +
    (jobs.length ? `a Task's job takes ${p50(jobMs).toFixed(2)} ms p50 in its processor` : 'no Task jobs')
  );
}

/** One run of `doc` to its end: its wall time and its traffic. */
async function timedRun(name: string, doc: unknown, input: unknown) {
  const t = performance.now();
  const used = await traffic(async () => {
    const started = await startRun(rt.x, { workflow: doc, input, started_by: 'bench' });
    if (!started.ok) throw new Error(started.message);
    return waitForRun(waiter, started.run_id, 600_000);
  });
  const run = used.value;
  const ms = performance.now() - t;
  if (run?.status !== 'SUCCEEDED') throw new Error(`${name}: ${run?.status} ${run?.error} ${run?.cause}`);
  return { ...used, ms };
}

/**
 * A workload: first run counted per job (the Task hot path) — its code still cold for the JIT and every
 * promise paying the per-job counting's hooks; then `warm` runs untimed, so the figures are a process's
 * that has been running a while (an engine's usual state: in a fresh process each run is faster than the
 * one before, for a dozen runs of 100 transitions, as the JIT gets to the code); then `timed` runs
 * without the hooks: the figures of their median (by time), and the first run's time on a line of its own.
 */
async function measure(name: string, doc: unknown, input: unknown, transitions: number, runs = { warm: 0, timed: 1 }) {
  perJob(true);
  takeJobTraffic();
  const cold = await timedRun(name, doc, input);
  const asl = (doc as { asl: { States: Record<string, unknown> } }).asl;
  const hotPath = taskHotPath(taskStatesOf(asl.States));
  perJob(false);
  for (let i = 0; i < runs.warm; i++) await timedRun(name, doc, input);
  const timed: Awaited<ReturnType<typeof timedRun>>[] = [];
  for (let i = 0; i < runs.timed; i++) timed.push(await timedRun(name, doc, input));
  const used = timed.sort((a, b) => a.ms - b.ms)[Math.floor(timed.length / 2)]!;
  const ratios = (ms: number) => {
    const perS = transitions / (ms / 1000);
    const perTransition = ms / transitions;
    return (
      `${perS.toFixed(0).padStart(8)}/s ${perTransition.toFixed(2).padStart(8)} ms` +
      `   ${(perTransition / p50).toFixed(1).padStart(6)}x EVALSHA p50   ${(perS / jobsPerS).toFixed(3).padStart(6)}x BullMQ jobs/s`
    );
  };
  console.log(`${name.padEnd(28)} ${String(transitions).padStart(6)} ${used.ms.toFixed(0).padStart(8)} ms ${ratios(used.ms)}`);
  if (runs.timed > 1)
    console.log(
      `${''.padEnd(28)} median of ${runs.timed} runs after ${runs.warm} warm-up runs (ms: ${timed.map((r) => r.ms.toFixed(0)).join(' ')})`,
    );
  console.log(`${'  first run (cold, counted)'.padEnd(35)} ${cold.ms.toFixed(0).padStart(8)} ms ${ratios(cold.ms)}`);
  const per = (n: number) => (n / transitions).toFixed(1).padStart(6);
  console.log(
    `${''.padEnd(28)} per transition: round trips ${per(used.engineRoundTrips)} engine + ${per(used.bullmqRoundTrips)} BullMQ; ` +
      `commands ${per(used.commands)} (${per(used.scripts)} scripts)`,
  );
  const cpu = (ms: number) => (ms / transitions).toFixed(2);
  console.log(`${''.padEnd(28)} CPU per transition: ${cpu(used.nodeCpuMs)} ms this process, ${cpu(used.redisCpuMs)} ms redis-server`);
  console.log(`${''.padEnd(28)} ${hotPath} (first run)`);
}

/** Names of the Task states of a workflow, nested ones included. */
function taskStatesOf(states: Record<string, unknown>, into = new Set<string>()): Set<string> {
  for (const [name, st] of Object.entries(states)) {
    const s = st as {
      Type: string;
      ItemProcessor?: { States: Record<string, unknown> };
      Branches?: Array<{ States: Record<string, unknown> }>;
    };
    if (s.Type === 'Task') into.add(name);
    if (s.ItemProcessor) taskStatesOf(s.ItemProcessor.States, into);
    for (const b of s.Branches ?? []) taskStatesOf(b.States, into);
  }
  return into;
}

console.log(`placement: ${redisServer.pinned}`);
console.log(`baselines: EVALSHA p50 ${p50.toFixed(3)} ms; bare BullMQ ${jobsPerS.toFixed(0)} jobs/s (concurrency ${CONCURRENCY})`);
console.log(
  `          bare BullMQ chain (each job added by the one before): ${hopMs.toFixed(2)} ms per hop = ${(hopMs / p50).toFixed(1)}x EVALSHA p50`,
);
console.log('workload                     states  elapsed     transitions/s  ms/transition  ratios');
const items = Array.from({ length: 1000 }, (_, i) => ({ i }));
await measure('warm-up (chain of 10)', echoChain(10), {}, 10);
if (only) {
  // More samples of one workload for a profile: five runs of it.
  for (let i = 0; i < 5; i++) {
    if (only === 'chain') await measure('chain of 100 echo Tasks', echoChain(100), {}, 100, CHAIN_RUNS);
    else await measure('Map of 1,000 items', map, items, 1001, MAP_RUNS);
  }
  await rt.close();
  stats.disconnect();
  waiterRedis.disconnect();
  redisServer.stop();
  process.exit(0);
}
await measure('chain of 100 echo Tasks', echoChain(100), {}, 100, CHAIN_RUNS);
await measure('Map of 1,000 items', map, items, 1001, MAP_RUNS);

// The console's set-up: every in-process worker declares a tool-call plan per Task attempt and
// records each protocol step through the process's plan tracker (server/app/worker-plans.ts).
const handle = await openDatabase({ kind: 'pglite', dataDir: null });
await migrateDatabase(handle, root);
const tracker = processTracker(config, { db: async () => handle.db, execution: async () => rt.x, onError: (err) => console.error(err) });
await tracker.ready;
const services = { config, db: async () => handle.db, planning: tracker, execution: async () => rt.x };
rt.x.workerPlans = workerPlans(() => services, pino({ level: 'silent' }));
await measure('warm-up, worker plans', echoChain(10), {}, 10);
await measure('chain of 100, worker plans', echoChain(100), {}, 100, CHAIN_RUNS);
await tracker.close();
await rt.close();
await handle.close();
stats.disconnect();
waiterRedis.disconnect();
redisServer.stop();
