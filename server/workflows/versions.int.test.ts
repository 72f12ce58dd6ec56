import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisTargetEnv } from '../config-redis.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { listAudit } from '../audit/log.ts';
import type { Actor } from '../contracts/audit-actor.ts';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { showRun } from '../execution/show-run.ts';
import { waitForRun } from '../execution/wait-run.ts';
import { seedWorkflowCatalog } from '../learning/workflow-catalog.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { invokeTool } from '../tools/invoke.ts';
import { dbAuditSink } from '../audit/log.ts';
import { publishWorkflowVersionTool } from '../tools/learning/publish-workflow-version.ts';
import { saveWorkflowTool } from '../tools/learning/save-workflow.ts';
import { getSavedWorkflowTool } from '../tools/learning/get-saved-workflow.ts';
import { startWorkflowRunTool } from '../tools/runtime/start-workflow-run.ts';
import { getWorkflowVersion } from './store.ts';
import { drainQaResults } from '../execution/qa-publish.ts';
import { listQaPage } from '../qa/query.ts';

const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' };

/**
 * Issue 28 end to end below the UI: versions are saved as drafts, only the published version runs
 * by workflow id, unpublished versions run only as flagged test runs, publishing and retiring are
 * role-checked, audited and (with DCF_PUBLISH_FOUR_EYES) need a second person.
 */
describe(`workflow versions: draft, published, retired (${testDbKind()})`, { timeout: 120_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let x: ExecutionHarness;
  let designer: PublicUser;
  let designer2: PublicUser;
  let compliance: PublicUser;
  let base: Record<string, unknown>;
  const services = (env: Record<string, string> = {}) => ({
    config: testConfig({ ...redisTargetEnv(x.redis), DCF_LEASE_TTL_S: '5', ...env }),
    execution: async () => x.x,
    db: async () => db.db,
  });
  const as = (user: PublicUser, env: Record<string, string> = {}) => callerFor(db.db, user, { services: services(env) }).caller;
  const userActor = (u: PublicUser): Actor => ({ kind: 'user', id: u.id, label: u.email, role: u.role });
  const version = (v: string) => ({ ...base, version: v, created_at: '2024-07-08T10:15:00.000Z' });

  beforeAll(async () => {
    db = await createTestDatabase();
    x = await executionHarness();
    await seedWorkflowCatalog(db.db, testConfig().workflowsDir);
    const mk = async (email: string, role: PublicUser['role']) => {
      const r = await createUser(db.db, { email, displayName: email.split('@')[0]!, role, password: 'versions password 1' });
      if (!r.ok) throw new Error('setup');
      return r.user;
    };
    designer = await mk('dee@versions.test', 'workflow_designer');
    designer2 = await mk('dan@versions.test', 'workflow_designer');
    compliance = await mk('cat@versions.test', 'compliance_manager');
    base = (await getWorkflowVersion(db.db, STANDARD, '1.0.0'))!.document;
  });
  afterAll(async () => {
    await x.close();
    await db.dispose();
  });

  it('the seeded examples are published by the system; a saved version is a draft with its real save time and saver', async () => {
    const seeded = (await getWorkflowVersion(db.db, STANDARD))!;
    expect(seeded).toMatchObject({ version: '1.0.0', status: 'published', publishedBy: 'seed', savedForUser: null });
    const saved = await as(designer).workflows.save({
      workflow: version('1.0.1'),
      parent: { workflow_id: STANDARD, version: '1.0.0', relation: 'VERSION_OF' },
    });
    expect(saved).toMatchObject({ status: 'ok', version: '1.0.1', version_status: 'draft', saved_by: designer.email, published_at: null });
    const row = (await getWorkflowVersion(db.db, STANDARD, '1.0.1'))!;
    // saved_at is when it was saved, not the document's created_at (8 Jul 2024).
    expect(row.savedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
    expect(row).toMatchObject({ savedBy: designer.id, savedByLabel: designer.email, savedForUser: designer.id });
    // Reading by workflow id gives the version in use, not the newest draft.
    const read = await invokeTool(getSavedWorkflowTool, { workflow_id: STANDARD }, { actor: userActor(compliance), services: services() });
    expect(read).toMatchObject({ status: 'ok', version: '1.0.0', version_status: 'published' });
  });

  it('a start by workflow id runs the published version; a draft runs only as a test run, flagged in meta and run view', async () => {
    const byId = await as(compliance).runs.start({ workflow_id: STANDARD, input: ALEX });
    expect(byId).toMatchObject({ status: 'ok' });
    const normal = await waitForRun(x.x, (byId as { run_id: string }).run_id, 60_000);
    expect(normal).toMatchObject({ workflow_version: '1.0.0', test_run: false });

    const draft = await as(designer).runs.start({ workflow_id: STANDARD, version: '1.0.1', input: ALEX });
    expect(draft).toMatchObject({ status: 'error', error_code: 'conflict', details: { reason: 'not_published', status: 'draft' } });
    expect((draft as { error: string }).error).toContain('test run');

    const byCompliance = await as(compliance).runs.start({ workflow_id: STANDARD, version: '1.0.1', test_run: true, input: ALEX });
    expect(byCompliance).toMatchObject({ status: 'error', error_code: 'forbidden' });

    const test = await as(designer).runs.start({ workflow_id: STANDARD, version: '1.0.1', test_run: true, input: ALEX });
    expect(test).toMatchObject({ status: 'ok' });
    const runId = (test as { run_id: string }).run_id;
    expect(await waitForRun(x.x, runId, 60_000)).toMatchObject({ workflow_version: '1.0.1', test_run: true });
    const view = (await showRun(x.x, runId))!;
    expect(view.run.test_run).toBe(true);
    expect(view.meta).toMatchObject({ test_run: true });
    expect((await showRun(x.x, (byId as { run_id: string }).run_id))!.meta).not.toHaveProperty('test_run');
    const listed = await as(designer).runs.list({ workflow_id: STANDARD });
    expect(listed).toMatchObject({ status: 'ok' });
    const flags = Object.fromEntries(
      (listed as { runs: Array<{ run_id: string; test_run: boolean }> }).runs.map((r) => [r.run_id, r.test_run]),
    );
    expect(flags).toMatchObject({ [runId]: true, [(byId as { run_id: string }).run_id]: false });
  });

  it("a test run's QA results stay out of the queue; the published version's are in it", async () => {
    const ids = (rows: Array<{ runId: string }>) => new Set(rows.map((r) => r.runId));
    const until = Date.now() + 15_000;
    let queue: Awaited<ReturnType<typeof listQaPage>>;
    let tests: Awaited<ReturnType<typeof listQaPage>>;
    do {
      await drainQaResults(x.x.redis, db.db, 'versions-test');
      queue = await listQaPage(db.db, { filter: { include_earlier: true }, sort: { by: 'call_at', dir: 'desc' }, limit: 100 });
      tests = await listQaPage(db.db, { filter: { test_run: true }, sort: { by: 'call_at', dir: 'desc' }, limit: 100 });
    } while ((queue.items.length === 0 || tests.items.length === 0) && Date.now() < until);
    expect(ids(queue.items).size).toBe(1); // the run of the published version
    expect(ids(tests.items).size).toBe(1); // the designer's test run of the draft
    expect([...ids(tests.items)].some((r) => ids(queue.items).has(r))).toBe(false);
    expect(tests.items.every((r) => r.workflowVersion === '1.0.1' && r.testRun && !r.latest)).toBe(true);
  });

  it('a document given inline or by path is used for QA only as the published version; otherwise a test run', async () => {
    const ctx = { actor: userActor(compliance), services: services() };
    const start = (args: Record<string, unknown>) => invokeTool(startWorkflowRunTool, { input: ALEX, ...args }, ctx);
    // The seeded file is the published version itself.
    expect(await start({ path: 'workflows/standard-advice-call-analysis.json' })).toMatchObject({ status: 'ok', test_run: false });
    // A saved draft, passed inline, is refused as it is by id.
    expect(await start({ workflow: version('1.0.1') })).toMatchObject({
      status: 'error',
      error_code: 'conflict',
      details: { reason: 'not_published' },
    });
    // Edited under the published version's number, or never saved: it runs, as a test run.
    expect(await start({ workflow: { ...base, description: 'Edited in place.' } })).toMatchObject({ status: 'ok', test_run: true });
    expect(await start({ workflow: version('9.9.9') })).toMatchObject({ status: 'ok', test_run: true });
  });

  it('only designers and admins publish; publishing retires the version in use; both are audited', async () => {
    await expect(as(compliance).workflows.publish({ workflow_id: STANDARD, version: '1.0.1' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // The tool itself refuses too (agents and the CLI do not pass through the console's role check).
    const direct = await invokeTool(
      publishWorkflowVersionTool,
      { workflow_id: STANDARD, version: '1.0.1' },
      { actor: userActor(compliance), services: services() },
      { audit: dbAuditSink(db.db) },
    );
    expect(direct).toMatchObject({ status: 'error', error_code: 'forbidden' });

    const published = await as(designer).workflows.publish({ workflow_id: STANDARD, version: '1.0.1' });
    expect(published).toMatchObject({
      status: 'ok',
      version: '1.0.1',
      version_status: 'published',
      retired_version: '1.0.0',
      published_by: designer.email,
    });
    expect(await getWorkflowVersion(db.db, STANDARD, '1.0.0')).toMatchObject({
      status: 'retired',
      supersededBy: '1.0.1',
      retiredBy: designer.id,
    });
    const again = await as(designer).workflows.publish({ workflow_id: STANDARD, version: '1.0.1' });
    expect(again).toMatchObject({ status: 'error', error_code: 'conflict' });

    const started = await as(compliance).runs.start({ workflow_id: STANDARD, input: ALEX });
    expect(await waitForRun(x.x, (started as { run_id: string }).run_id, 60_000)).toMatchObject({
      workflow_version: '1.0.1',
      test_run: false,
    });

    const audit = await listAudit(db.db, { limit: 10, action: 'workflows.publish' });
    expect(audit.map((a) => [a.actorId, a.resultStatus])).toEqual([
      [designer.id, 'error'],
      [designer.id, 'ok'],
      [compliance.id, 'forbidden'],
    ]);
    expect((await listAudit(db.db, { limit: 5, action: 'publish_workflow_version' })).map((a) => [a.actorId, a.resultStatus])).toEqual([
      [compliance.id, 'error'],
    ]);
  });

  it('retiring the published version leaves none: a start by id fails clearly until another is published', async () => {
    const retired = await as(designer).workflows.retire({ workflow_id: STANDARD, version: '1.0.1' });
    expect(retired).toMatchObject({ status: 'ok', was_published: true, version_status: 'retired', retired_by: designer.email });
    const refused = await invokeTool(
      startWorkflowRunTool,
      { workflow_id: STANDARD, input: ALEX },
      { actor: userActor(compliance), services: services() },
    );
    expect(refused).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      error: `workflow ${STANDARD} has no published version; publish one in the editor, or test-run a version explicitly`,
      details: { reason: 'no_published_version' },
    });
    // A retired version may be published again (a roll-back).
    expect(await as(designer).workflows.publish({ workflow_id: STANDARD, version: '1.0.0' })).toMatchObject({
      status: 'ok',
      retired_version: null,
    });
    expect(await getWorkflowVersion(db.db, STANDARD)).toMatchObject({ version: '1.0.0', retiredAt: null, supersededBy: null });
  });

  it('four eyes: with DCF_PUBLISH_FOUR_EYES the saver may not publish; a second designer may', async () => {
    const on = { DCF_PUBLISH_FOUR_EYES: 'true' };
    expect(await as(designer, on).workflows.save({ workflow: version('1.0.2') })).toMatchObject({ status: 'ok', version_status: 'draft' });
    await expect(as(designer, on).workflows.publish({ workflow_id: STANDARD, version: '1.0.2' })).rejects.toThrow(
      /four eyes \(DCF_PUBLISH_FOUR_EYES\).*saved by dee@versions\.test.*someone else/,
    );
    expect((await listAudit(db.db, { limit: 1, action: 'workflows.publish' }))[0]).toMatchObject({
      actorId: designer.id,
      resultStatus: 'forbidden',
    });
    expect(await as(designer2, on).workflows.publish({ workflow_id: STANDARD, version: '1.0.2' })).toMatchObject({
      status: 'ok',
      published_by: designer2.email,
      retired_version: '1.0.0',
    });
    // Off (the default), a designer may publish the version they saved.
    expect(await as(designer, on).workflows.save({ workflow: version('1.0.3') })).toMatchObject({ status: 'ok' });
    expect(await as(designer).workflows.publish({ workflow_id: STANDARD, version: '1.0.3' })).toMatchObject({ status: 'ok' });
  });

  it('an agent test-runs only a version it saved itself, and publishes only for a designer or admin', async () => {
    const agent: Actor = { kind: 'agent', id: 'agent-planner-versions', label: 'planner' };
    const ctx = { actor: agent, services: services() };
    const saved = await invokeTool(saveWorkflowTool, { workflow: version('1.0.4') }, ctx);
    expect(saved).toMatchObject({ status: 'ok', version_status: 'draft', saved_by: 'planner' });
    const own = await invokeTool(startWorkflowRunTool, { workflow_id: STANDARD, version: '1.0.4', test_run: true, input: ALEX }, ctx);
    expect(own).toMatchObject({ status: 'ok' });
    const others = await invokeTool(startWorkflowRunTool, { workflow_id: STANDARD, version: '1.0.2', test_run: true, input: ALEX }, ctx);
    expect(others).toMatchObject({ status: 'error', error_code: 'forbidden' });
    const publish = await invokeTool(publishWorkflowVersionTool, { workflow_id: STANDARD, version: '1.0.4' }, ctx);
    expect(publish).toMatchObject({ status: 'error', error_code: 'forbidden' });
    expect((publish as { error: string }).error).toContain('works for no known user');
  });

  it('bad input is refused with a structured error', async () => {
    const long = await invokeTool(
      publishWorkflowVersionTool,
      { workflow_id: 'x'.repeat(201), version: '1.0.0' },
      { actor: userActor(designer), services: services() },
    );
    expect(long).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    const stray = await invokeTool(
      startWorkflowRunTool,
      { path: 'workflows/standard-advice-call-analysis.json', version: '1.0.0', input: ALEX },
      { actor: userActor(designer), services: services() },
    );
    expect(stray).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });
});
