import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureCause, INVALID_INPUT_PREFIX } from '../../lib/failure-cause.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { rowsOf } from '../db/rows.ts';
import { executionHarness, type ExecutionHarness } from '../execution/testing/harness.ts';
import { createKnowledgeGraph } from '../graph/factory.ts';
import type { KnowledgeGraph } from '../graph/port.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { invokeTool } from '../tools/invoke.ts';
import { findTool } from '../tools/registry.ts';
import { getWorkflowVersion } from '../workflows/store.ts';
import { consolidate } from './consolidate.ts';
import { EPISODE_STREAM } from './episode-stream.ts';
import { seedWorkflowCatalog } from './workflow-catalog.ts';
import { DEMO_WORLD } from '../skills/demo/worlds/index.ts';

const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';
const CRM = 'skill://salesforce-integration@2.1.0';
const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07', rule_set_id: DEMO_WORLD.ruleSetId };
const JOHN = { advisor_name: 'John Smith', start_date: '2024-07-01', end_date: '2024-07-07' };
const REVERSED = { advisor_name: 'Alex Wong', start_date: '2024-07-08', end_date: '2024-07-01', rule_set_id: DEMO_WORLD.ruleSetId };

type Rel = { n_success: number; n_failures: number; failure_rate: number | null };
type Report = { all_time: Rel; recent: Rel; recent_failures: unknown[]; recent_caller_errors: unknown[] };

/**
 * Issue 15, end to end through the real demo skills server: a run for an unknown advisor or a
 * reversed period fails with the caller's error, reported as such, without a skill swap; the
 * knowledge graph records it as a caller error; the salesforce-integration skill's reliability is
 * what its successful runs made it, and the health check does not flag it. Before the issue these
 * five runs took its success rate to 50 % and the health check said "Needs attention".
 */
describe(`caller errors are not skill failures (${testDbKind()})`, { timeout: 240_000 }, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let h: ExecutionHarness;
  let graph: KnowledgeGraph;
  const call = async (tool: string, args: unknown) => {
    const services = { config: h.config, db: async () => db.db, execution: async () => h.x };
    const r = await invokeTool(findTool(tool)!, args, { actor: systemActor('test'), services });
    if (r.status !== 'ok') throw new Error(`${tool}: ${r.error}`);
    return r as Record<string, unknown>;
  };
  /** Consolidates until the graph holds `runs` executions: a run's episode is published just after it ends. */
  const drain = async (runs: number) => {
    const until = Date.now() + 30_000;
    for (;;) {
      await consolidate({ redis: h.x.redis, db: db.db, graph, consumer: 'test' });
      const [row] = rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from graph_executions`));
      if (row!.n >= runs) return;
      if (Date.now() > until) throw new Error(`the graph holds ${row!.n} of ${runs} runs`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const crmReport = async () => ((await call('get_skill_reliability', { skill: CRM })).skills as Report[])[0]!;

  beforeAll(async () => {
    db = await createTestDatabase();
    h = await executionHarness({}, 4);
    await h.x.redis.del(EPISODE_STREAM);
    graph = createKnowledgeGraph(h.config, db.db);
    await seedWorkflowCatalog(db.db, h.config.workflowsDir);
  });
  afterAll(async () => {
    await graph.close();
    await h.close();
    await db.dispose();
  });

  it("fails the runs with the caller's error, swaps nothing, and leaves the skill's reliability and health as they were", async () => {
    const doc = (await getWorkflowVersion(db.db, STANDARD, '1.0.0'))!.document;
    const good = await Promise.all(Array.from({ length: 5 }, () => h.run(doc, ALEX, 120_000)));
    expect(good.map((r) => r.status)).toEqual(Array(5).fill('SUCCEEDED'));
    await drain(5);
    const before = await crmReport();
    expect(before.all_time).toMatchObject({ n_success: 5, n_failures: 0, failure_rate: 0 });

    const bad = await Promise.all([JOHN, JOHN, JOHN, REVERSED, REVERSED].map((input) => h.run(doc, input, 60_000)));
    for (const run of bad) {
      expect(run.status).toBe('FAILED');
      expect(failureCause(run.error!, run.cause)).toBe('caller');
      expect(run.cause!.startsWith(INVALID_INPUT_PREFIX)).toBe(true);
    }
    const john = ['AdvisorNotFound', expect.stringContaining(`${INVALID_INPUT_PREFIX}no advisor named "John Smith"`)];
    expect(bad.slice(0, 3).map((r) => [r.error, r.cause])).toEqual(Array(3).fill(john));
    const reversed = ['InvalidArguments', `${INVALID_INPUT_PREFIX}start_date 2024-07-08 is after end_date 2024-07-01`];
    expect(bad.slice(3).map((r) => [r.error, r.cause])).toEqual(Array(2).fill(reversed));
    const view = (await h.show(bad[0]!.run_id))!;
    expect(view.events.filter((e) => e.event.type === 'skill_swap')).toEqual([]);
    expect(view.states.GetApplicationIDs).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: expect.stringMatching(/^AdvisorNotFound: invalid input: /),
    });

    await drain(10);
    const after = await crmReport();
    // The skill's own figures are as they were; the caller's errors are counted apart.
    expect(after.all_time).toEqual({ ...before.all_time, n_caller_errors: 5 });
    expect(after.recent).toEqual({ ...before.recent, n_caller_errors: 5 });
    expect(after.recent_failures).toEqual([]);
    expect(after.recent_caller_errors).toHaveLength(5);
    // Counted apart, where the graph keeps them.
    expect(await graph.skillReliability(CRM)).toMatchObject({ n_success: 5, n_failures: 0, n_caller_errors: 5 });
    expect((await graph.recentCallerErrors(CRM, 10)).map((f) => f.state)).toEqual(Array(5).fill('GetApplicationIDs'));

    const health = await call('check_workflow_health', { workflow_id: STANDARD, version: '1.0.0' });
    expect(health).toMatchObject({ healthy: true, findings: [], proposal: null });
  });
});
