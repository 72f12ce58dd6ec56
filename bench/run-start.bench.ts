/**
 * A run's fixed cost — what starting and ending a run costs beside its transitions — per phase, as
 * ratios to a Redis round trip (EVALSHA p50) measured in the same run on the same redis-server:
 * create_workflow_control_plane (validation, the control plane's commit), create_worker_agents,
 * notify_next_worker_agent, the transitions (until the run event that ends it arrives), and the end
 * (from there to settled: finalize, the learning episode, the QA results). For a 2-state and a
 * 100-state chain of builtin.echo Tasks, medians of RUNS runs after WARM_UP. Then this process' heap
 * after each RUNS runs of the 100-state chain (after a full GC, with --expose-gc): what a run leaves
 * behind once it has settled (issue 33: the definition cache kept the last 500 runs).
 *
 *   node --expose-gc --import tsx bench/run-start.bench.ts
 */
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { createExecutionRuntime } from '../server/execution/runtime.ts';
import { queueConnection } from '../server/execution/dispatcher.ts';
import { createWorkflowControlPlane } from '../server/execution/create-control-plane.ts';
import { createWorkerAgents } from '../server/execution/create-worker-agents.ts';
import { notifyNextWorkerAgent } from '../server/execution/notify.ts';
import { waitForRun } from '../server/execution/wait-run.ts';
import { runChannel } from '../server/controlplane/keys.ts';
import { channelOf } from '../server/redis/connection.ts';
import { benchRedis, evalshaP50 } from './redis-server.ts';
import { echoChain } from './echo-workflows.ts';

const WARM_UP = 5;
const RUNS = 25;
const root = new URL('..', import.meta.url).pathname;
const redisServer = await benchRedis({ pinApart: true });
const target = { kind: 'single' as const, url: redisServer.url };
const p50 = await evalshaP50(target);
const config = loadConfig({ ...process.env, REDIS_URL: redisServer.url, NODE_ENV: 'production', LOG_LEVEL: 'silent' }, root);
const rt = await createExecutionRuntime(config, target, pino({ level: 'silent' }));
const waiter = { ...rt.x, redis: queueConnection(target) };
const listener = queueConnection(target);
rt.startWorkers(8);

const PHASES = ['create', 'agents', 'notify', 'transitions', 'end'] as const;
type Phases = Record<(typeof PHASES)[number] | 'total', number>;

/** The moment the run event ending `runId` arrives on its channel (the status the run record then has). */
function ended(runId: string): { at: Promise<number>; close(): void } {
  const channel = channelOf(listener, runChannel(runId));
  let heard: (t: number) => void = () => undefined;
  const at = new Promise<number>((resolve) => (heard = resolve));
  const onMessage = (ch: string, raw: string) => {
    if (ch === channel && raw.includes('"type":"run"') && /"status":"(SUCCEEDED|FAILED|TIMED_OUT|ABORTED)"/.test(raw))
      heard(performance.now());
  };
  listener.on('message', onMessage);
  return {
    at,
    close: () => {
      listener.off('message', onMessage);
      void listener.unsubscribe(channel);
    },
  };
}

async function oneRun(doc: unknown): Promise<Phases> {
  const t0 = performance.now();
  const c = await createWorkflowControlPlane(rt.x, { workflow: doc, input: {}, started_by: 'bench' });
  if (!c.ok) throw new Error(c.message);
  const t1 = performance.now();
  await createWorkerAgents(rt.x, c.run_id);
  const t2 = performance.now();
  const end = ended(c.run_id);
  await listener.subscribe(channelOf(listener, runChannel(c.run_id)));
  const t3a = performance.now();
  await notifyNextWorkerAgent(rt.x, c.run_id);
  const t3 = performance.now();
  const run = await waitForRun(waiter, c.run_id, 600_000);
  const t5 = performance.now();
  const t4 = await end.at;
  end.close();
  if (run?.status !== 'SUCCEEDED') throw new Error(`run ${c.run_id}: ${run?.status}`);
  // The subscription's own round trip is the bench's, not the run's.
  const sub = t3a - t2;
  return { create: t1 - t0, agents: t2 - t1, notify: t3 - t3a, transitions: t4 - t3, end: t5 - t4, total: t5 - t0 - sub };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1e6;
};

console.log(`redis: ${redisServer.pinned}; EVALSHA p50 ${p50.toFixed(3)} ms`);
console.log(`${'states'.padStart(6)}  ${[...PHASES, 'total'].map((p) => p.padStart(20)).join('')}   (ms median, × EVALSHA p50)`);
for (const n of [2, 100]) {
  const doc = echoChain(n);
  for (let i = 0; i < WARM_UP; i++) await oneRun(doc);
  const runs: Phases[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await oneRun(doc));
  const cells = [...PHASES, 'total' as const].map((p) => {
    const ms = median(runs.map((r) => r[p]));
    return `${ms.toFixed(2)} (${(ms / p50).toFixed(0)}×)`.padStart(20);
  });
  console.log(`${String(n).padStart(6)}  ${cells.join('')}`);
}

if (typeof (globalThis as { gc?: unknown }).gc !== 'function') console.log('heap: run with --expose-gc to measure it');
else {
  const doc = echoChain(100);
  const heap = [heapMb()];
  for (let k = 0; k < 6; k++) {
    for (let i = 0; i < RUNS; i++) await oneRun(doc);
    heap.push(heapMb());
  }
  const perRun = ((heap.at(-1)! - heap[1]!) * 1e3) / (RUNS * (heap.length - 2));
  console.log(`heap after every ${RUNS} runs of 100 states (MB): ${heap.map((h) => h.toFixed(1)).join(' → ')}`);
  console.log(`growth per run from the first ${RUNS} on: ${perRun.toFixed(1)} KB`);
}
await rt.close();
waiter.redis.disconnect();
listener.disconnect();
redisServer.stop();
process.exit(0);
