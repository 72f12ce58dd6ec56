/**
 * Workflow execution throughput, as ratios to baselines measured in the same run on the same
 * redis-server:
 *  - a Redis round trip: EVALSHA of a trivial script, p50 (the floor of any state transition);
 *  - the bare dispatch library: BullMQ jobs/s with a no-op processor (the floor of notifications).
 * Workloads: a chain of builtin.echo Tasks, and a Map of 1,000 items (one echo Task each).
 * Figures, not assertions.
 *
 *   node --import tsx bench/engine.bench.ts      (REDIS_URL to use an existing server)
 */
import { Queue, Worker } from 'bullmq';
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { createExecutionRuntime } from '../server/execution/runtime.ts';
import { queueConnection } from '../server/execution/dispatcher.ts';
import { startRun } from '../server/execution/start-run.ts';
import { waitForRun } from '../server/execution/wait-run.ts';
import { benchRedis } from './redis-server.ts';

const CONCURRENCY = 8;
const root = new URL('..', import.meta.url).pathname;
const redisServer = await benchRedis();
const url = redisServer.url;
const target = { kind: 'single' as const, url };

async function evalshaP50(): Promise<number> {
  const r = queueConnection(target);
  const sha = (await r.script('LOAD', 'return 1')) as string;
  const times: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t = performance.now();
    await r.evalsha(sha, 0);
    times.push(performance.now() - t);
  }
  r.disconnect();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
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
  await q.addBulk(Array.from({ length: n }, (_, i) => ({ name: 'j', data: { i }, opts: { removeOnComplete: true } })));
  await all;
  const rate = n / ((performance.now() - t) / 1000);
  await w.close();
  await q.close();
  conn.disconnect();
  wconn.disconnect();
  return rate;
}

const echo = (fields: Record<string, unknown>) => ({
  Type: 'Task',
  AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: ['skill://builtin.echo@1.0.0'] },
  ...fields,
});
const wf = (asl: unknown) => ({
  workflow_schema_version: '2.2.0',
  workflow_id: '00000000-0000-4000-8000-0000000000be',
  workflow_name: 'bench',
  version: '1.0.0',
  workflow_input_schema: {},
  skill_imports: [{ uri: 'file://skills/builtin.echo.json' }],
  asl,
});
function chain(n: number) {
  const States: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) States[`S${i}`] = echo(i === n - 1 ? { End: true } : { Next: `S${i + 1}` });
  return wf({ StartAt: 'S0', States });
}
const map = wf({
  StartAt: 'M',
  States: { M: { Type: 'Map', ItemProcessor: { StartAt: 'E', States: { E: echo({ End: true }) } }, End: true } },
});

const p50 = await evalshaP50();
const jobsPerS = await bullmqJobsPerSecond(3000);
const config = loadConfig({ ...process.env, REDIS_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'silent' }, root);
const rt = await createExecutionRuntime(config, target, pino({ level: 'silent' }));
rt.startWorkers(CONCURRENCY);

async function measure(name: string, doc: unknown, input: unknown, transitions: number) {
  const t = performance.now();
  const started = await startRun(rt.x, { workflow: doc, input, started_by: 'bench' });
  if (!started.ok) throw new Error(started.message);
  const run = await waitForRun(rt.x, started.run_id, 600_000);
  const ms = performance.now() - t;
  if (run?.status !== 'SUCCEEDED') throw new Error(`${name}: ${run?.status} ${run?.error} ${run?.cause}`);
  const perS = transitions / (ms / 1000);
  const perTransition = ms / transitions;
  console.log(
    `${name.padEnd(28)} ${String(transitions).padStart(6)} ${ms.toFixed(0).padStart(8)} ms ` +
      `${perS.toFixed(0).padStart(8)}/s ${perTransition.toFixed(2).padStart(8)} ms` +
      `   ${(perTransition / p50).toFixed(1).padStart(6)}x EVALSHA p50   ${(perS / jobsPerS).toFixed(3).padStart(6)}x BullMQ jobs/s`,
  );
}

console.log(`baselines: EVALSHA p50 ${p50.toFixed(3)} ms; bare BullMQ ${jobsPerS.toFixed(0)} jobs/s (concurrency ${CONCURRENCY})`);
console.log('workload                     states  elapsed     transitions/s  ms/transition  ratios');
await measure('warm-up (chain of 10)', chain(10), {}, 10);
await measure('chain of 100 echo Tasks', chain(100), {}, 100);
await measure(
  'Map of 1,000 items',
  map,
  Array.from({ length: 1000 }, (_, i) => ({ i })),
  1001,
);
await rt.close();
redisServer.stop();
