import { AsyncLocalStorage } from 'node:async_hooks';
import { Worker, type Job } from 'bullmq';
import { Pipeline, Redis } from 'ioredis';
import type { RedisClient } from '../server/redis/connection.ts';

/**
 * Counts the Redis traffic of a benchmark, two ways:
 *  - client side, round trips: every command ioredis writes on its own is one round trip, a
 *    pipeline (or MULTI) is one however many commands it carries. Counted per connection group:
 *    `engine` for the connections handed to `markEngine` (the control plane's), `bullmq` for every
 *    other connection of the process (BullMQ's queue, worker and blocking connections);
 *  - server side, commands: INFO commandstats before and after, which counts the commands a Lua
 *    script calls as well as the script itself (Redis 7 counts both).
 * Patches ioredis' prototypes once per process; a bench does nothing else with Redis meanwhile.
 * `countPerJob` also counts the engine's round trips made while each BullMQ job is processed (its
 * async context: the handler, the worker protocol it runs, the lease renewal it starts). That needs
 * AsyncLocalStorage, whose promise hooks slow every promise of the process: `perJob(false)` stops
 * it (and them) for the runs that are timed.
 */
export interface TrafficCounts {
  engineRoundTrips: number;
  bullmqRoundTrips: number;
  engineCommands: number;
  bullmqCommands: number;
}

const counts: TrafficCounts = { engineRoundTrips: 0, bullmqRoundTrips: 0, engineCommands: 0, bullmqCommands: 0 };
const engine = new WeakSet<object>();
const ignored = new WeakSet<object>();
let patched = false;

/** Connections whose traffic counts as the engine's (the rest is BullMQ's). */
export function markEngine(client: object): void {
  engine.add(client);
}

/** Connections not counted at all (the bench's own, reading INFO). */
export function markIgnored(client: object): void {
  ignored.add(client);
}

/**
 * Engine round trips made while one job was processed, and how long it took, by the job's name and
 * data — or while one notification continued in place in a job was handled (`continued`, see
 * `countContinued`; its time is not taken: null).
 */
export interface JobTraffic {
  name: string;
  data: unknown;
  engineRoundTrips: number;
  /** Wall time of the processor (ms), from its call to its promise settling. */
  ms: number | null;
  continued?: boolean;
  /** Carried by a job of several notifications (execution/dispatch-groups.ts), counted as its own. */
  carried?: boolean;
}
const jobScope = new AsyncLocalStorage<JobTraffic>();
let jobs: JobTraffic[] | null = null;
let counting = true;

/** Starts counting per job (idempotent); `takeJobTraffic` hands over what was counted since the last take. */
export function countPerJob(): void {
  if (jobs) return;
  jobs = [];
  type Call = (this: Worker, job: Job, token: string, signal?: AbortSignal) => Promise<unknown>;
  const proto = Worker.prototype as unknown as { callProcessJob: Call };
  const call = proto.callProcessJob;
  proto.callProcessJob = function (job, token, signal) {
    if (!counting) return call.call(this, job, token, signal);
    const scope: JobTraffic = { name: job.name, data: job.data, engineRoundTrips: 0, ms: 0 };
    jobs!.push(scope);
    const t = performance.now();
    return jobScope.run(scope, () => call.call(this, job, token, signal)).finally(() => (scope.ms = performance.now() - t));
  };
}

/**
 * Counts a notification continued in place (server/execution/continuation.ts) apart from the job that
 * continues it: `start` begins its handler synchronously, so the handler's async context is the scope
 * made here, and its round trips are its own.
 */
export function countContinued<T>(data: unknown, start: () => T, how: 'continued' | 'carried' = 'continued'): T {
  if (!jobs || !counting) return start();
  const scope: JobTraffic = { name: how, data, engineRoundTrips: 0, ms: null, [how]: true };
  jobs.push(scope);
  return jobScope.run(scope, start);
}

/**
 * Counting per job on or off (after `countPerJob`). Off, jobs run outside any scope and the store is
 * disabled, which in Node 20 removes the promise hooks (the engine itself uses none).
 */
export function perJob(on: boolean): void {
  counting = on;
  if (!on) jobScope.disable();
}
export function takeJobTraffic(): JobTraffic[] {
  const taken = jobs ?? [];
  if (jobs) jobs = [];
  return taken;
}

const countJob = () => {
  const s = jobScope.getStore();
  if (s) s.engineRoundTrips++;
};

type SendCommand = (this: Redis, command: unknown, stream?: { isPipeline?: boolean }) => unknown;
type Exec = (this: Pipeline & { redis: object }, ...args: unknown[]) => unknown;

/** Starts counting (idempotent). */
export function countRedisTraffic(): void {
  if (patched) return;
  patched = true;
  const proto = Redis.prototype as unknown as { sendCommand: SendCommand };
  const send = proto.sendCommand;
  proto.sendCommand = function (command, stream) {
    if (ignored.has(this)) return send.call(this, command, stream);
    const mine = engine.has(this);
    if (mine) counts.engineCommands++;
    else counts.bullmqCommands++;
    // A command written into a pipeline's stream travels with the pipeline: Pipeline.exec counts it.
    if (!stream?.isPipeline) {
      if (mine) countJob();
      if (mine) counts.engineRoundTrips++;
      else counts.bullmqRoundTrips++;
    }
    return send.call(this, command, stream);
  };
  const pipe = Pipeline.prototype as unknown as { exec: Exec };
  const exec = pipe.exec;
  pipe.exec = function (...args) {
    if (ignored.has(this.redis)) return exec.apply(this, args);
    if (engine.has(this.redis)) countJob();
    if (engine.has(this.redis)) counts.engineRoundTrips++;
    else counts.bullmqRoundTrips++;
    return exec.apply(this, args);
  };
}

/** The counts so far (a copy). */
export function trafficSnapshot(): TrafficCounts {
  return { ...counts };
}

export function trafficSince(before: TrafficCounts): TrafficCounts {
  const now = trafficSnapshot();
  return {
    engineRoundTrips: now.engineRoundTrips - before.engineRoundTrips,
    bullmqRoundTrips: now.bullmqRoundTrips - before.bullmqRoundTrips,
    engineCommands: now.engineCommands - before.engineCommands,
    bullmqCommands: now.bullmqCommands - before.bullmqCommands,
  };
}

/** Calls per command by INFO commandstats (scripts' inner commands included). */
export async function commandStats(r: RedisClient): Promise<Map<string, number>> {
  const text = await r.info('commandstats');
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) out.set(m[1]!, Number(m[2]));
  return out;
}

/** Server-side commands between two commandstats: all of them, and the scripts among them. */
export function commandsBetween(before: Map<string, number>, after: Map<string, number>): { commands: number; scripts: number } {
  let commands = 0;
  let scripts = 0;
  for (const [name, calls] of after) {
    const d = calls - (before.get(name) ?? 0);
    if (name === 'info') continue;
    commands += d;
    if (name === 'evalsha' || name === 'eval' || name === 'fcall' || name.startsWith('evalsha_ro') || name === 'eval_ro') scripts += d;
  }
  return { commands, scripts };
}
