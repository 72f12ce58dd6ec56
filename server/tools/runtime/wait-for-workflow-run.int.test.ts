import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from '../../execution/testing/harness.ts';
import { seedWorkflowCatalog } from '../../learning/workflow-catalog.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/** The two tools the Planner's chat needs besides the spec's: a blocking run wait, and reading a saved workflow. */
describe('wait_for_workflow_run and get_saved_workflow (real Redis, in-process workers)', { timeout: 60_000 }, () => {
  let h: ExecutionHarness;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const call = (tool: string, args: unknown) =>
    invokeTool(findTool(tool)!, args, {
      actor: systemActor('test'),
      services: { config: h.config, db: async () => db.db, execution: async () => h.x },
    }) as Promise<Record<string, unknown>>;

  beforeAll(async () => {
    h = await executionHarness();
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await h.close();
    await db.dispose();
  });

  it('returns the run as get_workflow_run does once it has ended, or as it is when the timeout comes first', async () => {
    const wf = workflowOf({ StartAt: 'Nap', States: { Nap: task('sleep', { Parameters: { ms: 2500 }, ResultPath: '$.nap', End: true }) } });
    const runId = await h.start(wf, {});
    const t0 = Date.now();
    const early = await call('wait_for_workflow_run', { run_id: runId, timeout_s: 0.5 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect(early).toMatchObject({ status: 'ok', run: { status: 'RUNNING' } });
    const done = await call('wait_for_workflow_run', { run_id: runId, timeout_s: 30 });
    expect(done).toMatchObject({
      status: 'ok',
      run: { status: 'SUCCEEDED', output: { nap: { slept_ms: 2500 } } },
      states: { Nap: { status: 'done' } },
    });
    const full = await call('get_workflow_run', { run_id: runId, include_events: false });
    expect(Object.keys(done).sort()).toEqual(Object.keys(full).sort());
    expect(done.data).toEqual(full.data);
    expect(await call('wait_for_workflow_run', { run_id: '00000000-0000-4000-8000-00000000dead', timeout_s: 1 })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
    });
    expect(await call('wait_for_workflow_run', { run_id: runId, timeout_s: 121 })).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
    });
  });

  it('keeps the answer small on request: no output, no entries, Map iterations as one-line summaries with their scalar data', async () => {
    const wf = workflowOf({
      StartAt: 'Each',
      States: {
        Each: {
          Type: 'Map',
          ItemsPath: '$.items',
          ItemProcessor: { StartAt: 'Echo', States: { Echo: task('echo', { Parameters: { 'message.$': '$' }, End: true }) } },
          ResultPath: '$.echoes',
          Next: 'Last',
        },
        Last: task('echo', { Parameters: { message: 'done' }, ResultPath: '$.last', End: true }),
      },
    });
    const runId = await h.start(wf, { items: ['a', 'b'] });
    const r = await call('wait_for_workflow_run', {
      run_id: runId,
      timeout_s: 30,
      include_output: false,
      include_entries: false,
      iteration_data: 'summary',
    });
    expect(r).toMatchObject({ run: { status: 'SUCCEEDED', output: null }, entries: {} });
    const data = r.data as Record<string, Record<string, unknown>>;
    expect(data.Last).toMatchObject({ ok: true, data: { message: 'done' } });
    expect(Object.keys(data).filter((k) => k.includes('/'))).toHaveLength(2);
    for (const [k, env] of Object.entries(data)) {
      if (!k.includes('/')) continue;
      expect(Object.keys(env).sort()).toEqual(['data', 'data_trimmed', 'metrics', 'ok', 'summary']);
      expect(env).toMatchObject({ data_trimmed: true, data: { message: expect.any(String) } });
    }
  });

  it('get_saved_workflow reads a saved version with its document and lineage parent', async () => {
    await seedWorkflowCatalog(db.db, h.config.workflowsDir);
    const r = await call('get_saved_workflow', { workflow_id: 'a8d3b1c9-9e8a-4f2b-9e3d-7c1b0d8a4b21' });
    expect(r).toMatchObject({
      status: 'ok',
      version: '1.0.0',
      name: 'Product Explanation Compliance Check',
      parent: { workflow_id: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21', version: '1.0.0', relation: 'REFINEMENT_OF' },
      states: [
        'GetApplicationIDs',
        'GetCallRecordings',
        'TranscribeRecording',
        'DiarizeTranscript',
        'SegmentAndLabel',
        'TargetedComplianceAnalysis',
      ],
    });
    expect((r.document as { workflow_name: string }).workflow_name).toBe('Product Explanation Compliance Check');
    expect(await call('get_saved_workflow', { workflow_id: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21', version: '9.9.9' })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
    });
  });
});
