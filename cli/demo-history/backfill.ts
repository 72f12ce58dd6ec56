import { clockToday } from '../../lib/relative-dates.ts';
import { londonDay } from '../../lib/uk-time.ts';
import type { AppConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { dbAuditSink } from '../../server/audit/log.ts';
import type { ExecutionServices } from '../../server/contracts/execution-services.ts';
import { waitForRun } from '../../server/execution/wait-run.ts';
import { createKnowledgeGraph } from '../../server/graph/factory.ts';
import { DATASET_RANGE } from '../../server/skills/demo/dataset/generate.ts';
import type { ToolContext } from '../../server/contracts/tool-services.ts';
import { invokeTool } from '../../server/tools/invoke.ts';
import { startWorkflowRunTool } from '../../server/tools/runtime/start-workflow-run.ts';
import { fail, isFailure, type ToolFailure } from '../../server/tool-result.ts';
import { getHighestVersion, getWorkflowVersion } from '../../server/workflows/store.ts';
import { knownCalls } from './known-calls.ts';
import { planBackfill, type BackfillPlan, type PlannedRun } from './plan.ts';
import { untilStored, type StoredRun } from './stored.ts';

/**
 * The demo history (issue 16): the real pipeline over the synthetic dataset's calls, as any run —
 * the saved "all calls" workflow of workflows/catalog.json, started through the tool layer
 * (start_workflow_run, audited as the caller), worked by the execution runtime's workers with the
 * demo skills, projected into the QA store and the knowledge graph by the usual streams. One run
 * per advisor per week (plan.ts says why), a few at a time; each finished run is reported, and the
 * backfill ends once every run's QA results and episode are stored. Used by `npm start` on an
 * empty QA store (on-start.ts) and by `dcf backfill`.
 *
 * Not idempotent by design: backfilling a period again analyses its calls again (new runs, whose
 * results become each call's latest analysis; the earlier ones stay as history).
 */
export const ALL_CALLS_WORKFLOW_ID = '5f0e7d2a-3b9c-4e1f-8a6d-2c4b9e7f1a30';

export interface BackfillDeps {
  /** Who starts the runs (the audit log's actor) and the services the tools use. */
  ctx: ToolContext;
  db: Db;
  /** The execution runtime; someone must be working its notifications (the caller's workers, a console's). */
  x: ExecutionServices;
}

export interface BackfillOptions {
  from: string;
  to: string;
  /** Runs in flight at once. */
  parallelRuns: number;
  /** How long one run may take before the backfill stops waiting for it (it counts as not succeeded). */
  runTimeoutMs?: number;
  /** How long to wait for the QA results and episodes of the finished runs. */
  storeTimeoutMs?: number;
}

export interface FinishedRun {
  planned: PlannedRun;
  /** Null when the run could not be started. */
  run_id: string | null;
  /** The run's status (RUNNING when it outlived runTimeoutMs), or NOT_STARTED. */
  status: string;
  error: string | null;
  workflow_version: string | null;
}

export interface BackfillEvents {
  planned?(plan: BackfillPlan): void;
  runFinished?(run: FinishedRun, done: number, total: number): void;
  storing?(runs: number): void;
}

export interface BackfillReport {
  plan: BackfillPlan;
  runs: FinishedRun[];
  /** Calls of the runs that SUCCEEDED. */
  analysed: number;
  /** Succeeded runs whose QA results or episode were still missing when the wait ended. */
  missingQa: number;
  missingEpisodes: number;
  ms: number;
}

/** The console's "today" as a London day: DCF_CLOCK when pinned (the demo), else the real clock. */
export const consoleToday = (config: Pick<AppConfig, 'clock'>, real = new Date()) =>
  londonDay(clockToday(config.clock, real).toISOString());

/** The default range: the demo dataset's days up to today (empty — from after to — when today is before it). */
export function demoRange(today: string): { from: string; to: string } {
  return { from: DATASET_RANGE.first, to: today < DATASET_RANGE.last ? today : DATASET_RANGE.last };
}

export async function backfillDemoHistory(
  deps: BackfillDeps,
  opts: BackfillOptions,
  on: BackfillEvents = {},
): Promise<BackfillReport | ToolFailure> {
  const began = Date.now();
  // The runs start by workflow id, so they run its published version (issue 28); without one, nothing starts.
  if (!(await getWorkflowVersion(deps.db, ALL_CALLS_WORKFLOW_ID))) {
    const saved = await getHighestVersion(deps.db, ALL_CALLS_WORKFLOW_ID);
    return saved
      ? fail(
          'not_found',
          `workflow ${ALL_CALLS_WORKFLOW_ID} ("all calls") has no published version; publish one in the ` + 'editor before backfilling',
          { reason: 'no_published_version', workflow_id: ALL_CALLS_WORKFLOW_ID },
        )
      : fail(
          'not_found',
          `the saved workflow ${ALL_CALLS_WORKFLOW_ID} ("all calls", workflows/catalog.json) is not in the ` +
            'catalog (seeded at start unless DCF_SEED_WORKFLOWS=false)',
        );
  }
  const today = consoleToday(deps.ctx.services.config);
  const calls = opts.from <= opts.to ? await knownCalls(deps.ctx.services, opts.from, opts.to) : [];
  if (isFailure(calls)) return calls;
  const plan = planBackfill(calls, { from: opts.from, to: opts.to, today });
  on.planned?.(plan);
  const runs = await runAll(deps, plan.runs, opts, on);
  const succeeded = runs.filter((r): r is FinishedRun & { run_id: string; workflow_version: string } => r.status === 'SUCCEEDED');
  const toStore: StoredRun[] = succeeded.map((r) => ({
    run_id: r.run_id,
    workflow_id: ALL_CALLS_WORKFLOW_ID,
    workflow_version: r.workflow_version,
    calls: r.planned.calls.length,
  }));
  on.storing?.(toStore.length);
  const graph = createKnowledgeGraph(deps.ctx.services.config, deps.db);
  try {
    const missing = await untilStored({ x: deps.x, db: deps.db, graph }, toStore, opts.storeTimeoutMs ?? 120_000);
    const analysed = succeeded.reduce((n, r) => n + r.planned.calls.length, 0);
    return { plan, runs, analysed, missingQa: missing.qa.length, missingEpisodes: missing.episodes.length, ms: Date.now() - began };
  } finally {
    await graph.close();
  }
}

/** Starts and waits for every planned run, `parallelRuns` at a time; reports each as it ends. */
async function runAll(deps: BackfillDeps, planned: PlannedRun[], opts: BackfillOptions, on: BackfillEvents): Promise<FinishedRun[]> {
  const finished: FinishedRun[] = new Array(planned.length);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < planned.length) {
      const i = next++;
      finished[i] = await runOne(deps, planned[i]!, opts.runTimeoutMs ?? 30 * 60_000);
      on.runFinished?.(finished[i]!, ++done, planned.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.parallelRuns, planned.length)) }, lane));
  return finished;
}

async function runOne(deps: BackfillDeps, planned: PlannedRun, timeoutMs: number): Promise<FinishedRun> {
  const input = { advisor_name: planned.advisor_name, start_date: planned.start_date, end_date: planned.end_date };
  const started = await invokeTool(startWorkflowRunTool, { workflow_id: ALL_CALLS_WORKFLOW_ID, input }, deps.ctx, {
    audit: dbAuditSink(deps.db),
  });
  if (started.status !== 'ok') return { planned, run_id: null, status: 'NOT_STARTED', error: started.error, workflow_version: null };
  const run = await waitForRun(deps.x, started.run_id, timeoutMs);
  if (!run) return { planned, run_id: started.run_id, status: 'NOT_STARTED', error: 'the run vanished', workflow_version: null };
  const error =
    run.status === 'RUNNING' ? `still running after ${Math.round(timeoutMs / 1000)} s` : run.error && `${run.error}: ${run.cause ?? ''}`;
  return { planned, run_id: run.run_id, status: run.status, error: error || null, workflow_version: run.workflow_version };
}
