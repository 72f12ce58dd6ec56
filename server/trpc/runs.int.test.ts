import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisTargetEnv } from '../config-redis.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from '../execution/testing/harness.ts';
import { waitForRun } from '../execution/wait-run.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { runDcf } from '../testing/run-dcf.ts';
import { invokeTool } from '../tools/invoke.ts';
import { getWorkflowRunTool } from '../tools/runtime/get-workflow-run.ts';

const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' };

describe(`runs through tRPC, the CLI and the invoker (${testDbKind()})`, { timeout: 90_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let x: ExecutionHarness;
  let compliance: PublicUser;
  beforeAll(async () => {
    db = await createTestDatabase();
    x = await executionHarness();
    const r = await createUser(db.db, { email: 'c@runs.test', displayName: 'C', role: 'compliance_manager', password: 'runs password 1' });
    if (!r.ok) throw new Error('setup');
    compliance = r.user;
  });
  afterAll(async () => {
    await x.close();
    await db.dispose();
  });

  const services = () => ({ config: x.config, execution: async () => x.x });

  it('a compliance manager starts the pilot from the console; the run reads the same everywhere', async () => {
    const { caller } = callerFor(db.db, compliance, { services: services() });
    const started = await caller.runs.start({ path: 'workflows/standard-advice-call-analysis.json', input: ALEX });
    expect(started).toMatchObject({ status: 'ok', created: true });
    const runId = (started as { run_id: string }).run_id;
    expect(await waitForRun(x.x, runId, 60_000)).toMatchObject({ status: 'SUCCEEDED', started_by: 'c@runs.test' });
    await x.finalized(runId);
    const viaTrpc = await caller.runs.get({ run_id: runId, include_events: false });
    const viaInvoker = await invokeTool(
      getWorkflowRunTool,
      { run_id: runId, include_events: false },
      { actor: systemActor('test'), services: services() },
    );
    const viaCli = await runDcf(['tool', 'get_workflow_run', JSON.stringify({ run_id: runId, include_events: false })], undefined, {
      ...redisTargetEnv(x.redis),
    });
    expect(viaTrpc).toEqual(viaInvoker);
    expect(viaCli.json).toEqual(viaInvoker);
    expect(viaCli.code).toBe(0);
    expect(viaInvoker).toMatchObject({ status: 'ok', run: { status: 'SUCCEEDED' }, states: { CalculateScore: { status: 'done' } } });
  });

  it('a run input that breaks the schema is refused with the issues', async () => {
    const { caller } = callerFor(db.db, compliance, { services: services() });
    const r = await caller.runs.start({ path: 'workflows/standard-advice-call-analysis.json', input: { advisor_name: 'Alex Wong' } });
    expect(r).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      details: { issues: [{ code: 'schema.required' }, { code: 'schema.required' }] },
    });
  });

  it('a running run is stopped with finalize_workflow abort: ABORTED, open states closed, workers deleted', async () => {
    const { caller } = callerFor(db.db, compliance, { services: services() });
    const wf = {
      workflow_schema_version: '2.2.0',
      workflow_id: '00000000-0000-4000-8000-0000000000ab',
      workflow_name: 'long',
      version: '1.0.0',
      workflow_input_schema: {},
      skill_imports: [{ uri: 'file://skills/builtin.sleep.json' }],
      asl: {
        StartAt: 'Nap',
        States: {
          Nap: {
            Type: 'Task',
            AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: ['skill://builtin.sleep@1.0.0'] },
            Parameters: { ms: 20000 },
            End: true,
          },
        },
      },
    };
    const started = (await caller.runs.start({ workflow: wf, input: {} })) as { run_id: string };
    for (let i = 0; i < 100 && (await x.x.cp.readState(started.run_id, 'Nap'))?.status !== 'running'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await caller.runs.finalize({ run_id: started.run_id })).toMatchObject({ status: 'error', error_code: 'conflict' });
    const stopped = await caller.runs.finalize({ run_id: started.run_id, abort: true, reason: 'test' });
    expect(stopped).toMatchObject({ status: 'ok', run_status: 'ABORTED', summary: { states: { failed: 1 }, workers_deleted: 1 } });
    const view = await caller.runs.get({ run_id: started.run_id });
    expect(view).toMatchObject({
      run: { status: 'ABORTED', error: 'Aborted', cause: 'test' },
      states: { Nap: { status: 'failed', last_error: 'Closed: run ABORTED' } },
    });
  });

  it('a failed state is retried, then the run is listed with its redrive count; both actions are audited', async () => {
    const { caller } = callerFor(db.db, compliance, { services: services() });
    const wf = workflowOf({
      StartAt: 'A',
      States: { A: task('echo', { Next: 'B' }), B: task('fail', { Parameters: { error: 'Flaky', cause: 'trpc', times: 1 }, End: true }) },
    });
    const started = (await caller.runs.start({ workflow: wf, input: { advisor_name: 'Priya Shah' } })) as { run_id: string };
    expect(await waitForRun(x.x, started.run_id, 30_000)).toMatchObject({ status: 'FAILED' });
    expect(await caller.runs.retryState({ run_id: started.run_id, state: 'A' })).toMatchObject({ status: 'error', error_code: 'conflict' });
    expect(await caller.runs.retryState({ run_id: started.run_id, state: 'B' })).toMatchObject({
      status: 'ok',
      run_status: 'RUNNING',
      redrive_count: 1,
      redriven: [{ state: 'B', kind: 'failed' }],
    });
    expect(await waitForRun(x.x, started.run_id, 30_000)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await caller.runs.redrive({ run_id: started.run_id })).toMatchObject({ status: 'error', error_code: 'conflict' });
    const listed = await caller.runs.list({ advisor: 'priya' });
    expect(listed).toMatchObject({
      status: 'ok',
      runs: [{ run_id: started.run_id, status: 'SUCCEEDED', redrive_count: 1, states: { done: 2, total: 2 } }],
    });
    const audited = await db.db.select().from(auditLog).where(eq(auditLog.actorLabel, 'c@runs.test'));
    expect(
      audited
        .filter((r) => r.action === 'runs.retryState')
        .map((r) => r.resultStatus)
        .sort(),
    ).toEqual(['error', 'ok']);
    expect(audited.filter((r) => r.action === 'runs.redrive').map((r) => r.resultStatus)).toEqual(['error']);
  });
});
