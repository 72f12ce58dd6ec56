import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executionHarness, task, workflowOf, type ExecutionHarness } from '../execution/testing/harness.ts';
import { processTracker } from '../planning/process-tracker.ts';
import { readPlanViews } from '../planning/store/plan-store.ts';
import type { PlanTrackerService } from '../planning/tracker/plan-tracker.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { workerPlans } from './worker-plans.ts';

const WHISPER = 'skill://whisper-transcribe@1.0.0';
/** A recording of the demo world (the spec's example call). */
const PILOT_URI = 's3://selina-call-recordings/2024/07/APP-49201/REC-88310.mp3';

/** One Task bound to Whisper; the demo server fails every Whisper call, so the worker swaps. */
const workflow = {
  workflow_schema_version: '2.2.0',
  workflow_id: '00000000-0000-4000-8000-000000000171',
  workflow_name: 'transcribe one call',
  version: '1.0.0',
  workflow_input_schema: {},
  skill_imports: [{ uri: 'file://skills/whisper-transcribe.json' }, { uri: 'file://skills/assemblyai-transcribe.json' }],
  asl: {
    StartAt: 'Transcribe',
    States: {
      Transcribe: {
        Type: 'Task',
        AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: [WHISPER] },
        Parameters: { 'recording_uri.$': '$.uri' },
        End: true,
      },
    },
  },
};

describe(`the in-process worker's tool-call plan (${testDbKind()}, real Redis)`, () => {
  let h: ExecutionHarness;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let tracker: PlanTrackerService;

  beforeAll(async () => {
    db = await createTestDatabase();
    h = await executionHarness({ DCF_DEMO_FAULTS: '{"whisper-transcribe":{"failure_rate":1}}' }, 1);
    tracker = processTracker(h.config, {
      db: async () => db.db,
      execution: async () => h.x,
      onError: (err) => {
        throw err;
      },
    });
    const services = (): ToolServices => ({
      config: h.config,
      db: async () => db.db,
      planning: tracker,
      execution: async () => h.x,
    });
    h.x.workerPlans = workerPlans(services, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await h?.close();
    await tracker?.close();
    await db?.dispose();
  });

  it("declares the Task state's plan after the lease, records each protocol step, and ends it with the state", async () => {
    const run = await h.run(workflow, { uri: PILOT_URI });
    expect(run.status).toBe('SUCCEEDED');
    // The worker ends its plan after the commit that finished the run: the run can be seen done first.
    const views = async () => {
      await tracker.flush();
      return readPlanViews(db.db, { unit: { kind: 'workflow_run', id: run.run_id } });
    };
    await expect.poll(async () => (await views())[0]?.plan.executionState, { timeout: 15_000 }).toBe('Complete');
    const [view, ...more] = await views();
    expect(more).toEqual([]);
    expect(view!.plan).toMatchObject({
      executionState: 'Complete',
      declared_by: 'agent',
      workflow_id: workflow.workflow_id,
      unit: { kind: 'workflow_run', id: run.run_id, session_id: run.run_id, state: 'Transcribe' },
      given_skills: [WHISPER],
      planningContext: { policy: { strategy: h.config.skillPolicy, preferGeneralMethods: true } },
    });
    expect(view!.plan.plannedSequence.map((i) => i.toolName)).toEqual([
      'load_skill',
      'invoke_skill_tool',
      'update_workflow_control_plane',
      'notify_next_worker_agent',
    ]);
    // Whisper fails, the policy swaps (update without a skill), AssemblyAI is loaded and succeeds.
    expect(view!.calls.map((c) => [c.tool_name, c.status])).toEqual([
      ['load_skill', 'ok'],
      ['invoke_skill_tool', 'error'],
      ['update_workflow_control_plane', 'ok'],
      ['load_skill', 'ok'],
      ['invoke_skill_tool', 'ok'],
      ['update_workflow_control_plane', 'ok'],
      ['notify_next_worker_agent', 'ok'],
    ]);
    expect(view!.calls[1]).toMatchObject({ skill: WHISPER, error_code: expect.any(String) });
    expect(view!.calls[4]!.skill).toMatch(/^skill:\/\/assemblyai-transcribe@/);
    expect(view!.usage.tool_calls).toBe(7);
    // The swap took the general method (the policy chose), so it is no BLPViolation; every step was planned.
    expect(view!.findings.map((f) => f.type)).not.toContain('BLPViolation');
    expect(view!.findings.filter((f) => f.type === 'PlanDeviation')).toEqual([]);
  });

  it("a chain's later Tasks come with the commit before them, and each plan still records every step", async () => {
    const acquire = vi.spyOn(h.x.cp, 'acquireLease');
    const chain = workflowOf({
      StartAt: 'A',
      States: { A: task('echo', { Next: 'B' }), B: task('echo', { Next: 'C' }), C: task('echo', { End: true }) },
    });
    try {
      const run = await h.run(chain, { v: 1 });
      expect(run.status).toBe('SUCCEEDED');
      // Only the first lease is acquired by its worker: B's and C's are granted with the commit that enters them.
      expect(acquire.mock.calls.filter((c) => c[0] === run.run_id).map((c) => c[1])).toEqual(['A']);
      const views = async () => {
        await tracker.flush();
        return readPlanViews(db.db, { unit: { kind: 'workflow_run', id: run.run_id } });
      };
      await expect.poll(async () => (await views()).filter((v) => v.plan.executionState === 'Complete').length).toBe(3);
      for (const view of await views()) {
        // The skill the grant loaded is still the plan's load_skill step, numbered in order with the rest.
        expect(view.calls.map((c) => [c.seq, c.tool_name, c.status])).toEqual([
          [0, 'load_skill', 'ok'],
          [1, 'invoke_skill_tool', 'ok'],
          [2, 'update_workflow_control_plane', 'ok'],
          [3, 'notify_next_worker_agent', 'ok'],
        ]);
        expect(view.findings.filter((f) => f.type === 'PlanDeviation')).toEqual([]);
      }
    } finally {
      acquire.mockRestore();
    }
  });

  it('plans nothing when the process has no planning port (dcf worker, tests)', async () => {
    const port = h.x.workerPlans;
    h.x.workerPlans = undefined;
    try {
      const run = await h.run(workflow, { uri: PILOT_URI });
      expect(run.status).toBe('SUCCEEDED');
      await tracker.flush();
      expect(await readPlanViews(db.db, { unit: { kind: 'workflow_run', id: run.run_id } })).toEqual([]);
    } finally {
      h.x.workerPlans = port;
    }
  });
});
