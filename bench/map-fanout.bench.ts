/**
 * Map fan-out: the longest single Redis call while a Map of 10,000 items starts its iterations,
 * read from the SLOWLOG of a private redis-server (every command logged), as a ratio between:
 *  - before: DCF_MAP_BATCH_SIZE = 10,000 — every iteration entered by one commit, as before
 *    issue 14 (the old fork also wrote each item's input in that commit, so it was slower still);
 *  - after: the default batch size (500 iterations per commit).
 * The Map's own notifications (the fork, then one per batch) are handled here one by one with the
 * production handler; the iterations' notifications are queued but not run, so only the fan-out
 * is measured. Figures, not assertions.
 *
 *   node --import tsx bench/map-fanout.bench.ts      (REDIS_URL to use an existing, otherwise idle, server)
 */
import { Redis } from 'ioredis';
import pino from 'pino';
import { singleRedis } from '../server/config-redis.ts';
import { loadConfig } from '../server/config.ts';
import { handleNotification } from '../server/execution/handle-notification.ts';
import { readOutbox } from '../server/execution/notify.ts';
import { createExecutionRuntime } from '../server/execution/runtime.ts';
import { startRun } from '../server/execution/start-run.ts';
import { benchRedis } from './redis-server.ts';

const ITEMS = 10_000;
const root = new URL('..', import.meta.url).pathname;
const redisServer = await benchRedis();
const admin = new Redis(redisServer.url);

const workflow = {
  workflow_schema_version: '2.2.0',
  workflow_id: '00000000-0000-4000-8000-0000000000bf',
  workflow_name: 'map fan-out',
  version: '1.0.0',
  workflow_input_schema: {},
  skill_imports: [],
  asl: {
    StartAt: 'M',
    States: {
      M: { Type: 'Map', ItemsPath: '$.items', ItemProcessor: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } }, End: true },
    },
  },
};

type Slow = { micros: number; command: string };

async function fanOut(batchSize: number): Promise<{ longest: Slow; commands: number; elapsedMs: number; batches: number }> {
  await admin.flushall();
  const env = { ...process.env, REDIS_URL: redisServer.url, NODE_ENV: 'production', LOG_LEVEL: 'silent' };
  const config = loadConfig({ ...env, DCF_MAP_BATCH_SIZE: String(batchSize) }, root);
  const rt = await createExecutionRuntime(config, singleRedis(redisServer.url), pino({ level: 'silent' }));
  const input = { items: Array.from({ length: ITEMS }, (_, i) => ({ i })) };
  const started = await startRun(rt.x, { workflow, input, started_by: 'bench' });
  if (!started.ok) throw new Error(started.message);
  await admin.config('SET', 'slowlog-max-len', '1000000');
  await admin.slowlog('RESET');
  await admin.config('SET', 'slowlog-log-slower-than', '0');
  const t = performance.now();
  let batches = 0;
  for (;;) {
    const next = (await readOutbox(rt.x, started.run_id)).find((e) => e.instance === 'M');
    if (!next) break;
    await handleNotification(rt.x, next);
    batches++;
  }
  const elapsedMs = performance.now() - t;
  await admin.config('SET', 'slowlog-log-slower-than', '10000');
  const log = (await admin.slowlog('GET', '-1')) as Array<[number, number, number, string[]]>;
  const measured = log.filter(([, , , args]) => !['config', 'slowlog'].includes(String(args[0]).toLowerCase()));
  const longest = measured.reduce<Slow>(
    (m, [, , micros, args]) => (micros > m.micros ? { micros, command: args.slice(0, 2).join(' ') } : m),
    { micros: 0, command: '' },
  );
  const join = await admin.hget(`dcf:run:{${started.run_id}}:join:M`, 'started');
  if (Number(join) !== ITEMS) throw new Error(`only ${join} of ${ITEMS} iterations started`);
  await rt.close();
  await admin.slowlog('RESET');
  return { longest, commands: measured.length, elapsedMs, batches };
}

const before = await fanOut(ITEMS);
const after = await fanOut(loadConfig({}, root).execution.mapBatchSize);
const row = (name: string, r: typeof before) =>
  [
    name.padEnd(34),
    String(r.batches).padStart(5),
    `${(r.longest.micros / 1000).toFixed(1).padStart(9)} ms `,
    r.longest.command.slice(0, 40).padEnd(40),
    `${r.elapsedMs.toFixed(0).padStart(7)} ms`,
  ].join(' ');
const commands = `${before.commands} vs ${after.commands} Redis commands`;
console.log(`Map of ${ITEMS.toLocaleString('en-GB')} items: starting every iteration (${commands})`);
console.log('                                   commits  longest call  (command)                                  fan-out total');
console.log(row('before: one commit for all', before));
console.log(row(`after: batches of ${loadConfig({}, root).execution.mapBatchSize}`, after));
console.log(`longest single Redis call, after / before: ${(after.longest.micros / before.longest.micros).toFixed(3)}`);
admin.disconnect();
redisServer.stop();
