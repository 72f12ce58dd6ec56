import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleRedis } from '../server/config-redis.ts';
import { readWorkers } from '../server/health/workers.ts';
import { createRedis, pingRedis } from '../server/redis/client.ts';
import type { RedisClient } from '../server/redis/connection.ts';
import { PROJECT_ROOT, isolatedRedisUrl } from '../server/testing/test-database.ts';
import { RUN_INDEX } from '../server/controlplane/keys.ts';
import { readRun } from '../server/execution/run-record.ts';

/**
 * Real `dcf` processes on Settings → Health (issue 34): `dcf worker` registers its heartbeat when it
 * starts consuming, with its pid and concurrency, and removes it when SIGTERM stops it cleanly;
 * `dcf run`'s in-process workers show the Task attempt they hold while the run goes on, and Ctrl-C
 * on `dcf run` removes its registration too (it showed as a crashed worker for a day).
 */
describe('dcf worker heartbeat', () => {
  let redisUrl: string;
  let redis: RedisClient;
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    redisUrl = await isolatedRedisUrl();
    redis = createRedis(singleRedis(redisUrl));
    await pingRedis(redis);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dcf-worker-heartbeat-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    redis.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  });

  const dcf = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of Object.keys(env)) if (/^(OPENAI_|LETTA_|SMTP_|TELEGRAM_|DATABASE_URL$|DCF_)/.test(k)) delete env[k];
    Object.assign(env, { REDIS_URL: redisUrl, DCF_DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
    return spawn(process.execPath, [path.join(PROJECT_ROOT, 'cli/dcf.mjs'), ...args], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  };

  it('registers while it consumes and leaves the list when it stops', async () => {
    const worker = dcf('worker', '--concurrency', '3');
    child = worker;
    let stderr = '';
    worker.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve));

    await expect.poll(async () => (await readWorkers(redis)).workers.length, { timeout: 30_000 }).toBe(1);
    const [registered] = (await readWorkers(redis)).workers;
    expect(registered).toMatchObject({ state: 'alive', kind: 'dcf worker', pid: worker.pid, concurrency: 3, activeTasks: 0 });
    expect(registered!.id).toBe(`engine@${os.hostname()}:${worker.pid}`);

    await expect.poll(() => stderr.includes('consuming notifications'), { timeout: 30_000 }).toBe(true);
    worker.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((await readWorkers(redis)).workers).toEqual([]);
  });

  it('shows a dcf run’s in-process worker holding its Task attempt while the run goes on, and gone when it ends', async () => {
    // A Task that sleeps 12 s, longer than a beat (10 s): whenever it starts, some beat falls while it runs. (A 30 s
    // Task cut by --timeout 13 relied on the Task starting before the beat 10 s in, and was flaky under load.)
    const slow = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'server/execution/testing/fixtures/slow.workflow.json'), 'utf8'));
    slow.asl.States.Nap.Parameters.ms = 12_000;
    const nap = path.join(dataDir, 'nap.workflow.json');
    await writeFile(nap, JSON.stringify(slow));
    const run = dcf('run', nap, '--input', '{}', '--wait', '--timeout', '60', '--concurrency', '2');
    child = run;
    const exited = new Promise<number | null>((resolve) => run.once('exit', resolve));
    // The first beat comes before the Task starts; a later one finds it in flight.
    const held = async () => (await readWorkers(redis)).workers.map((w) => [w.kind, w.pid, w.concurrency, w.activeTasks]);
    await expect.poll(held, { timeout: 45_000, interval: 500 }).toEqual([['dcf run', run.pid, 2, 1]]);
    expect(await exited).toBe(0);
    expect((await readWorkers(redis)).workers).toEqual([]);
  });

  it('Ctrl-C on a dcf run stops its workers and deregisters them; the run is left RUNNING for another worker', async () => {
    const slow = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'server/execution/testing/fixtures/slow.workflow.json'), 'utf8'));
    const nap = path.join(dataDir, 'long-nap.workflow.json');
    // A 10-minute Task: still in flight when the signal comes, however slowly this machine starts `dcf run`
    // (a 30 s one had finished before the signal in a loaded CI run).
    slow.asl.States.Nap.Parameters.ms = 600_000;
    await writeFile(nap, JSON.stringify(slow));
    const before = new Set(await redis.zrange(RUN_INDEX, '0', '-1'));
    const run = dcf('run', nap, '--input', '{}', '--wait');
    child = run;
    let stderr = '';
    run.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => run.once('exit', resolve));
    await expect
      .poll(async () => (await readWorkers(redis)).workers.map((w) => [w.kind, w.pid]), { timeout: 30_000 })
      .toEqual([['dcf run', run.pid]]);
    const started = async () => (await redis.zrange(RUN_INDEX, '0', '-1')).filter((id) => !before.has(id));
    await expect.poll(started, { timeout: 30_000 }).toHaveLength(1);
    run.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('dcf run: SIGINT: stopping');
    expect((await readWorkers(redis)).workers).toEqual([]);
    const [runId] = await started();
    expect((await readRun(redis, runId!))?.status).toBe('RUNNING');
  });
});
