import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { processTracker } from '../planning/process-tracker.ts';
import { readPlanViews } from '../planning/store/plan-store.ts';
import type { PlanTrackerService } from '../planning/tracker/plan-tracker.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { workerPlans } from './worker-plans.ts';

const ITEMS = 8;
const echo = {
  Type: 'Task',
  AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: ['skill://builtin.echo@1.0.0'] },
  End: true,
};
/** A Map whose iterations run four at a time, each one echo Task. */
const workflow = {
  workflow_schema_version: '2.2.0',
  workflow_id: '00000000-0000-4000-8000-000000000172',
  workflow_name: 'echo each item',
  version: '1.0.0',
  workflow_input_schema: {},
  skill_imports: [{ uri: 'file://skills/builtin.echo.json' }],
  asl: {
    StartAt: 'EachItem',
    States: { EachItem: { Type: 'Map', MaxConcurrency: 4, ItemProcessor: { StartAt: 'Echo', States: { Echo: echo } }, End: true } },
  },
};

/** Warnings and errors logged while the run ran, as their messages. */
function capturingLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push((JSON.parse(line) as { msg: string }).msg);
      done();
    },
  });
  return pino({ level: 'warn' }, sink);
}

describe(`worker tool-call plans in Map iterations run at once (${testDbKind()}, real Redis)`, () => {
  let h: ExecutionHarness;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let tracker: PlanTrackerService;
  const warnings: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    h = await executionHarness({}, 4);
    tracker = processTracker(h.config, {
      db: async () => db.db,
      execution: async () => h.x,
      onError: (err) => warnings.push(String(err)),
    });
    const services = (): ToolServices => ({ config: h.config, db: async () => db.db, planning: tracker, execution: async () => h.x });
    const log = capturingLogger(warnings);
    h.x.log = log;
    h.x.workerPlans = workerPlans(services, log);
  });
  afterAll(async () => {
    await h?.close();
    await tracker?.close();
    await db?.dispose();
  });

  it("gives every iteration its own plan, with that iteration's protocol steps and no other's", async () => {
    const run = await h.run(
      workflow,
      Array.from({ length: ITEMS }, (_, i) => ({ i })),
    );
    expect(run.status).toBe('SUCCEEDED');
    const views = async () => {
      await tracker.flush();
      return readPlanViews(db.db, { unit: { kind: 'workflow_run', id: run.run_id } });
    };
    // Each worker ends its plan after the commit of its iteration: the run can be seen done first.
    await expect
      .poll(async () => (await views()).filter((v) => v.plan.executionState === 'Complete').length, { timeout: 15_000 })
      .toBe(ITEMS);
    const all = await views();
    expect(all.map((v) => v.plan.unit.state).sort()).toEqual(Array.from({ length: ITEMS }, (_, i) => `EachItem[${i}]/Echo`).sort());
    for (const v of all) {
      expect(v.plan.executionState).toBe('Complete');
      expect(v.plan.replaced_by).toBeNull();
      expect(v.calls.map((c) => [c.tool_name, c.status])).toEqual([
        ['load_skill', 'ok'],
        ['invoke_skill_tool', 'ok'],
        ['update_workflow_control_plane', 'ok'],
        ['notify_next_worker_agent', 'ok'],
      ]);
    }
    // Each iteration's plan is its own agent's (execution/worker-agent.ts); finalize deletes those agents with the run's.
    expect(new Set(all.map((v) => v.plan.agent_id)).size).toBe(ITEMS);
    await h.finalized(run.run_id);
    expect(await h.x.agents.listRunAgents(run.run_id)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
