import { singleRedis } from '../server/config-redis.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAgentPlatform, type LocalAgentPlatform } from '../server/agents/local/index.ts';
import { systemActor } from '../server/contracts/audit-actor.ts';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { dispatchedTasks } from '../server/db/schema/orchestration.ts';
import { sendNotification } from '../server/notifications/send.ts';
import { NotificationStore } from '../server/notifications/store.ts';
import { startFakeBotApi, tooManyRequests } from '../server/notifications/testing/bot-api.ts';
import { readDispatch } from '../server/orchestration/dispatch-message.ts';
import { BackgroundJobs } from '../server/schedules/background-jobs.ts';
import { JobStore } from '../server/schedules/job-store.ts';
import { testConfig } from '../server/testing/test-config.ts';
import { PROJECT_ROOT, createPostgresDatabase, isolatedRedisUrl } from '../server/testing/test-database.ts';

const TOKEN = '4242:worker-test-token';
const CHAT = '-100777';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms} ms (last: ${JSON.stringify(v)})`);
    await sleep(100);
  }
}

/** At least `n` runs, none in flight (a run is recorded when its tick is claimed, its outcome after the dispatch). */
const allDispatched = (runs: Array<{ outcome: string }>, n: number) => runs.length >= n && runs.every((r) => r.outcome === 'DISPATCHED');

/**
 * Issue 18 in a standalone `dcf worker` process: on a PostgreSQL database (PGlite is one process
 * only) and a Redis of their own, the worker reconciles an enabled interval job that has no
 * scheduler yet, fires it every second (run rows, dispatches), its agent platform runs the target's
 * turns, its dispatch tracker acknowledges them, and it retries a Telegram delivery that this test
 * process queued. This test process runs no trigger worker, no tracker and no retry worker, so all
 * of that can only be the worker's. SIGTERM then ends it with exit 0. On the embedded default the
 * worker does this over the PGlite a console serves, and without one it leaves the directory alone.
 */
describe('dcf worker runs the background jobs, the dispatch tracker and delivery retries', { timeout: 120_000 }, () => {
  let handle: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dbUrl: string;
  let redisUrl: string;
  let dataDir: string;
  let platform: LocalAgentPlatform;
  let bot: Awaited<ReturnType<typeof startFakeBotApi>>;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    const adminUrl = process.env.TEST_POSTGRES_URL;
    if (!adminUrl) {
      throw new Error('TEST_POSTGRES_URL is not set: a separate worker process needs a PostgreSQL database');
    }
    const name = `dcf_test_worker_${randomBytes(6).toString('hex')}`;
    handle = await createPostgresDatabase(adminUrl, name);
    await migrateDatabase(handle, PROJECT_ROOT);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    redisUrl = await isolatedRedisUrl();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dcf-worker-jobs-'));
    // Agents are created here; their messages are delivered only by the process that queues them (the worker).
    const config = testConfig();
    const services = { config, db: async () => handle.db };
    platform = createLocalAgentPlatform(config, handle.db, services, { sweepInbox: false, audit: null });
    bot = await startFakeBotApi(TOKEN);
  }, 60_000);

  afterEach(() => {
    // A worker left by a failed case would take the next case's triggers.
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  });

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    await platform?.close();
    await bot?.close();
    await handle?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Telegram on the fake Bot API, retries quick: the same in this process and in the worker. */
  const telegramEnv = () => ({
    TELEGRAM_API_BASE_URL: bot.baseUrl,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_CHAT_ID: CHAT,
    DCF_NOTIFY_MAX_ATTEMPTS: '3',
    DCF_NOTIFY_BACKOFF_MS: '100',
  });

  type Started = { child: ChildProcess; stderr: () => string };
  /** A started `dcf worker` (on this file's PostgreSQL database unless `database` is false). */
  async function startWorker({ database = true, dir = dataDir, redis = redisUrl } = {}): Promise<Started> {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of Object.keys(env)) if (/^(OPENAI_|LETTA_|SMTP_|TELEGRAM_|DATABASE_URL$|DCF_)/.test(k)) delete env[k];
    Object.assign(env, telegramEnv(), {
      REDIS_URL: redis,
      DCF_DATA_DIR: dir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: dbUrl } : {}),
    });
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'cli/dcf.mjs'), 'worker', '--concurrency', '2'], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    workers.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (!stderr.includes('consuming notifications')) return;
        clearInterval(timer);
        resolve();
      }, 50);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`dcf worker exited with ${code}: ${stderr}`));
      });
    });
    return { child, stderr: () => stderr };
  }

  /** SIGTERM, then its exit code (or 'still running' after 20 s). */
  function terminate(child: ChildProcess): Promise<number | null | 'still running'> {
    const exit = new Promise<number | null | 'still running'>((resolve) => {
      child.once('exit', (code) => resolve(code));
      setTimeout(() => resolve('still running'), 20_000).unref();
    });
    child.kill('SIGTERM');
    return exit;
  }

  it('fires an interval job every second, acknowledges its dispatches, retries a delivery; ' + 'SIGTERM exits 0', async () => {
    // An enabled job recorded while no process ran: no scheduler in Redis until the worker reconciles.
    const target = await platform.createAgent({ template: 'worker', name: 'scheduled-target' });
    const store = new JobStore(handle.db);
    const job = (await store.insert({
      jobName: 'worker-every-second',
      jobTypeIdentifier: 'PERIODIC_AGENT_TRIGGER',
      schedule: { kind: 'interval', seconds: 1 },
      targetAgentId: target.id,
      taskType: 'QA_REVIEW',
      taskPayload: { advisors: 'all' },
      enabled: true,
      createdBy: { kind: 'system', id: 'test' },
    }))!;
    // Only a queue here (to look at the scheduler and remove it at the end): no trigger worker in this process.
    const jobs = new BackgroundJobs({
      redis: singleRedis(redisUrl),
      db: async () => handle.db,
      platform: async () => platform,
      log: pino({ level: 'silent' }),
    });
    try {
      expect(await jobs.queue.getJobScheduler(job.id)).toBeFalsy();

      const worker = await startWorker();
      expect(worker.stderr()).toMatch(
        new RegExp(
          'dcf worker \\d+: consuming notifications \\(concurrency 2\\); ' +
            'background job triggers, the dispatch tracker and notification delivery retries\n',
        ),
      );
      expect(await jobs.queue.getJobScheduler(job.id)).toMatchObject({ every: 1000 });

      // The triggers fire in the worker: a run row per tick, each with its dispatch.
      const runs = await until(
        () => store.runs(job.id, 100),
        (r) => allDispatched(r, 3),
        'three runs',
      );
      const ticks = runs.map((r) => Number(r.tick.split(':').at(-1))).sort((a, b) => a - b);
      expect(new Set(ticks).size).toBe(ticks.length);
      for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(1000);
      const ids = runs.map((r) => r.dispatchedTaskId!);
      const rows = await handle.db.select().from(dispatchedTasks).where(inArray(dispatchedTasks.id, ids));
      expect(rows).toHaveLength(ids.length);
      for (const d of rows) {
        expect(d).toMatchObject({
          targetAgentId: target.id,
          taskType: 'QA_REVIEW',
          backgroundJobId: job.id,
          dispatcherKind: 'system',
          replyExpected: true,
        });
      }

      // The worker's agent platform runs the target's turns, and its tracker acknowledges the dispatch.
      const first = ids.at(-1)!; // runs are newest first
      const acked = await until(
        async () => (await handle.db.select().from(dispatchedTasks).where(eq(dispatchedTasks.id, first)))[0]!,
        (d) => d.status === 'DELIVERY_ACKNOWLEDGED',
        'the first dispatch acknowledged',
      );
      expect(acked.acknowledgedAt).toBeInstanceOf(Date);
      const history = await platform.listMessages(target.id, { limit: 50 });
      const inbound = history.map((m) => ('content' in m.event ? m.event.content : ''));
      expect(inbound.map((text) => readDispatch(text)?.dispatched_task_id)).toContain(first);

      // A Telegram delivery that failed transiently here is retried by the worker (this process runs no retry worker).
      bot.script.push(tooManyRequests(1));
      const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
      try {
        const cfg = testConfig(telegramEnv());
        const sent = await sendNotification({ db: handle.db, config: cfg, redis }, systemActor('test'), {
          channels: ['TELEGRAM'],
          message_text: 'from the worker test',
          urgency_level: 'LOW',
        });
        expect(sent.channel_status[0]).toMatchObject({ channel: 'TELEGRAM', delivery_status: 'PENDING' });
        const deliveries = () => new NotificationStore(handle.db).deliveriesOf(sent.notification_id);
        const [delivery] = await until(deliveries, ([d]) => d?.status === 'SUCCESS', 'the delivery retried');
        expect(delivery).toMatchObject({ status: 'SUCCESS', attempts: 2 });
        expect(bot.requests.filter((r) => String(r.body.text).includes('from the worker test'))).toHaveLength(2);
      } finally {
        redis.disconnect();
      }

      // SIGTERM: the worker stops its triggers, tracker and retries, and exits 0.
      expect(await terminate(worker.child)).toBe(0);
      expect(worker.stderr()).toContain('stopping');
      // Nothing fires any more: the scheduler stays in Redis (for the next worker) but no run is recorded.
      const count = await store.countRuns(job.id);
      await sleep(2_500);
      expect(await store.countRuns(job.id)).toBe(count);
    } finally {
      await jobs.deactivate(job.id).catch(() => {});
      await jobs.close();
    }
  });

  it(
    'on the embedded database with no console serving it, runs workflows only and says why; ' + 'the PGlite directory stays untouched',
    async () => {
      const worker = await startWorker({ database: false });
      expect(worker.stderr()).toContain(
        ': consuming notifications (concurrency 2); ' +
          'no background jobs or delivery retries: the embedded database is not shared ' +
          '(start the console first, or set DATABASE_URL)\n',
      );
      expect(await terminate(worker.child)).toBe(0);
      expect(await readdir(dataDir)).not.toContain('pglite');
    },
  );

  it(
    'on the embedded database a console serves (pglite-share.ts), fires jobs and acknowledges their dispatches ' +
      'over the shared connection',
    async () => {
      // This process plays the console: it owns the PGlite directory and serves it as `npm start` does.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-worker-shared-'));
      const owner = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite'), share: true });
      const config = testConfig();
      const services = { config, db: async () => owner.db };
      const local = createLocalAgentPlatform(config, owner.db, services, { sweepInbox: false, audit: null });
      // A Redis of its own: a trigger worker on another database would take this job's ticks and find no job.
      const sharedRedis = await isolatedRedisUrl();
      const jobs = new BackgroundJobs({
        redis: singleRedis(sharedRedis),
        db: async () => owner.db,
        platform: async () => local,
        log: pino({ level: 'silent' }),
      });
      let jobId: string | undefined;
      try {
        await migrateDatabase(owner, PROJECT_ROOT);
        const target = await local.createAgent({ template: 'worker', name: 'shared-target' });
        const store = new JobStore(owner.db);
        const job = (await store.insert({
          jobName: 'shared-every-second',
          jobTypeIdentifier: 'PERIODIC_AGENT_TRIGGER',
          schedule: { kind: 'interval', seconds: 1 },
          targetAgentId: target.id,
          taskType: 'QA_REVIEW',
          taskPayload: {},
          enabled: true,
          createdBy: { kind: 'system', id: 'test' },
        }))!;
        jobId = job.id;
        const worker = await startWorker({ database: false, dir, redis: sharedRedis });
        const line = '; background job triggers, the dispatch tracker and notification delivery retries\n';
        expect(worker.stderr()).toContain(line);
        const runs = await until(
          () => store.runs(job.id),
          (r) => allDispatched(r, 2),
          'two runs',
        );
        const first = runs.at(-1)!.dispatchedTaskId!;
        await until(
          async () => (await owner.db.select().from(dispatchedTasks).where(eq(dispatchedTasks.id, first)))[0]!.status,
          (status) => status === 'DELIVERY_ACKNOWLEDGED',
          'the first dispatch acknowledged',
        );
        expect(await terminate(worker.child)).toBe(0);
      } finally {
        if (jobId) await jobs.deactivate(jobId).catch(() => {});
        await jobs.close();
        await local.close();
        await owner.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
