import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { singleRedis } from '../server/config-redis.ts';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { migrateDatabase, openDatabase } from '../server/db/client.ts';
import { seedWorkflowCatalog } from '../server/learning/workflow-catalog.ts';
import { getWorkflowVersion, saveWorkflowVersion } from '../server/workflows/store.ts';
import { auditLog } from '../server/db/schema/index.ts';
import { PROJECT_ROOT, isolatedRedisUrl } from '../server/testing/test-database.ts';
import { startWorkerProcess } from '../server/execution/testing/worker-process.ts';

const run = promisify(execFile);
const ALEX = JSON.stringify({ advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' });
let env: Record<string, string>;

/** Runs `dcf …`; resolves with exit code and parsed stdout (never rejects on a non-zero exit). */
async function dcf(...args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  try {
    const dcf = path.join(PROJECT_ROOT, 'cli/dcf.mjs');
    const options = { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, timeout: 90_000 };
    const { stdout } = await run(process.execPath, [dcf, ...args], options);
    return { code: 0, json: JSON.parse(stdout) as Record<string, unknown> };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, json: JSON.parse(e.stdout || '{}') as Record<string, unknown> };
  }
}

let dataDir: string;
beforeAll(async () => {
  // A data directory of its own: `dcf run` records its audit entry in the PGlite database there.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'dcf-cli-run-'));
  env = { REDIS_URL: await isolatedRedisUrl(), NODE_ENV: 'test', LOG_LEVEL: 'warn', DCF_DATA_DIR: dataDir };
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('dcf run / runs / worker', () => {
  it('dcf run --wait runs the pilot with in-process workers; exit 0 and the final JSON', async () => {
    const r = await dcf('run', 'workflows/standard-advice-call-analysis.json', '--input', ALEX, '--wait');
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ run_id: expect.any(String), status: 'SUCCEEDED', error: null, cause: null });
    expect(Object.keys(r.json).sort()).toEqual(['cause', 'error', 'output', 'run_id', 'status']);
    expect((r.json.output as { qa_score: { data: { score: number } } }).qa_score.data.score).toBeTypeOf('number');
  }, 120_000);

  it('a run input that breaks workflow_input_schema: exit 1 with the issues, nothing started', async () => {
    const r = await dcf('run', 'workflows/standard-advice-call-analysis.json', '--input', '{"advisor_name": 3}', '--wait');
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ status: 'error', error_code: 'invalid_input', error: expect.stringContaining('workflow_input_schema') });
  }, 60_000);

  it('starts runs through the tool layer: each start is in the audit log as start_workflow_run by the local user', async () => {
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await h.db.select().from(auditLog).orderBy(asc(auditLog.id));
      expect(rows.map((r) => [r.action, r.actorKind, r.resultStatus])).toEqual([
        ['start_workflow_run', 'system', 'ok'],
        ['start_workflow_run', 'system', 'error'],
      ]);
      expect(rows[0]!.actorLabel).toMatch(/^cli:/);
      expect(rows[1]!.detail).toEqual({ error_code: 'invalid_input' });
    } finally {
      await h.close();
    }
  }, 60_000);

  it('a run that fails: exit 1 with status FAILED, error and cause', async () => {
    const r = await dcf('run', 'server/execution/testing/fixtures/fails.workflow.json', '--input', '{}', '--wait');
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ status: 'FAILED', error: 'Custom.Boom', cause: 'it had to fail' });
  }, 60_000);

  it('--timeout ends a run still going as TIMED_OUT', async () => {
    const r = await dcf('run', 'server/execution/testing/fixtures/slow.workflow.json', '--input', '{}', '--wait', '--timeout', '1');
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ status: 'TIMED_OUT', error: 'States.Timeout' });
  }, 60_000);

  describe('with external workers', () => {
    let worker: ChildProcess;
    beforeAll(async () => {
      worker = await startWorkerProcess(singleRedis(env.REDIS_URL!));
    }, 60_000);
    afterAll(() => {
      worker.kill('SIGTERM');
    });

    it('--external-workers prints {run_id} at once; runs wait prints the final JSON; runs show everything', async () => {
      const started = await dcf('run', 'workflows/standard-advice-call-analysis.json', '--input', ALEX, '--external-workers');
      expect(started.code).toBe(0);
      expect(Object.keys(started.json)).toEqual(['run_id']);
      const runId = started.json.run_id as string;
      const waited = await dcf('runs', 'wait', runId, '--timeout', '60');
      expect(waited).toMatchObject({ code: 0, json: { run_id: runId, status: 'SUCCEEDED' } });
      const shown = await dcf('runs', 'show', runId);
      expect(shown.code).toBe(0);
      expect(Object.keys(shown.json).sort()).toEqual(['data', 'entries', 'events', 'meta', 'run', 'states']);
      expect(Object.keys(shown.json.states as object)).toContain('CalculateScore');
      expect((shown.json.data as Record<string, { ok: boolean }>).CalculateScore?.ok).toBe(true);
      expect((shown.json.events as unknown[]).length).toBeGreaterThan(10);
    }, 120_000);
  });

  it('runs wait on an unknown run: exit 1, not_found', async () => {
    const r = await dcf('runs', 'wait', '00000000-0000-4000-8000-00000000dead', '--timeout', '1');
    expect(r).toMatchObject({ code: 1, json: { error_code: 'not_found' } });
  }, 60_000);
});

describe('dcf run --workflow-id (issue 28: published versions only)', () => {
  const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
  beforeAll(async () => {
    // The catalog as the console seeds it (published), plus a draft 1.0.1 nobody has published.
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      await migrateDatabase(h, PROJECT_ROOT);
      await seedWorkflowCatalog(h.db, path.join(PROJECT_ROOT, 'workflows'));
      const base = (await getWorkflowVersion(h.db, STANDARD, '1.0.0'))!.document;
      await saveWorkflowVersion(h.db, { ...base, version: '1.0.1' }, { author: 'dee@bank.test' });
    } finally {
      await h.close();
    }
  }, 60_000);

  it('runs the published version by id; a draft only with --test-run, flagged as a test run', async () => {
    const published = await dcf('run', '--workflow-id', STANDARD, '--input', ALEX, '--wait');
    expect(published).toMatchObject({ code: 0, json: { status: 'SUCCEEDED' } });
    const shownPublished = await dcf('runs', 'show', published.json.run_id as string);
    expect(shownPublished.json.run).toMatchObject({ workflow_version: '1.0.0', test_run: false });

    const refused = await dcf('run', '--workflow-id', STANDARD, '--version', '1.0.1', '--input', ALEX, '--wait');
    expect(refused).toMatchObject({ code: 1, json: { status: 'error', error_code: 'conflict', details: { reason: 'not_published' } } });

    const test = await dcf('run', '--workflow-id', STANDARD, '--version', '1.0.1', '--test-run', '--input', ALEX, '--wait');
    expect(test).toMatchObject({ code: 0, json: { status: 'SUCCEEDED' } });
    const shown = await dcf('runs', 'show', test.json.run_id as string);
    expect(shown.json.run).toMatchObject({ workflow_version: '1.0.1', test_run: true });
    expect(shown.json.meta).toMatchObject({ test_run: true });
  }, 180_000);

  it('usage errors: a file and --workflow-id together, --version without --workflow-id', async () => {
    expect((await dcf('run', 'workflows/standard-advice-call-analysis.json', '--workflow-id', STANDARD, '--input', ALEX)).code).toBe(2);
    expect((await dcf('run', 'workflows/standard-advice-call-analysis.json', '--version', '1.0.0', '--input', ALEX)).code).toBe(2);
  }, 60_000);
});
