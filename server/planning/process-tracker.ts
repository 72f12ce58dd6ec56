import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { readSkillStats } from '../learning/skill-stats.ts';
import { PlanTrackerService } from './tracker/plan-tracker.ts';
import { onShutdown } from '../shutdown.ts';

export interface ProcessTrackerDeps {
  db: () => Promise<Db>;
  /** The execution services, where this process has Redis: the skill catalog and the workers' skill stats. */
  execution?: () => Promise<ExecutionServices>;
  onError: (err: unknown) => void;
  /** How long queued records wait to be written together (default PROCESS_FLUSH_DELAY_MS). */
  flushDelayMs?: number;
}

/**
 * How long a process's tracker lets records gather before it writes them in one insert. On the
 * embedded PGlite the writes run on the process's own thread, and an insert's cost is mostly per
 * statement (one row ≈ 2–4 ms, fifty ≈ 0.3 ms a row on the development machine), so batching is
 * what keeps tracking within 10 % of a call's latency (bench/tool-tracking.bench.ts). Reads
 * (get_tool_call_plan, the console's lists) flush first, so they never see a plan behind; live
 * findings are recorded up to this much later; enforce mode's refusals do not wait for it.
 */
export const PROCESS_FLUSH_DELAY_MS = 250;

/**
 * The one plan tracker of a process (the console's composition root, the CLI): the database,
 * DCF_TOOL_COSTS and DCF_SENTINEL_MODE from configuration, and — where the process has the
 * execution — the skill catalog and the skill statistics the workers' policy reads, so skill
 * choices are judged on the counts the policy saw, and the execution's Redis, which holds every
 * agent's active plan and its counters for all consoles and workers alike (issue 32,
 * tracker/shared-usage.ts). Without Redis no choice is judged and the plans are this process's.
 */
export function processTracker(config: AppConfig, deps: ProcessTrackerDeps): PlanTrackerService {
  const execution = deps.execution;
  return new PlanTrackerService({
    db: deps.db,
    toolCosts: config.planning.toolCosts,
    deploymentMode: config.planning.sentinelMode,
    ...(execution
      ? {
          skills: async () => (await execution()).skills,
          skillStats: async (uris: string[]) => readSkillStats((await execution()).redis, uris),
          redis: async () => (await execution()).redis,
        }
      : {}),
    onError: deps.onError,
    flushDelayMs: deps.flushDelayMs ?? PROCESS_FLUSH_DELAY_MS,
  });
}

/** Writes what the tracker still queues when the process is told to stop (server/shutdown.ts, before the database closes). */
export function flushOnSignals(tracker: { flush(): Promise<void> }, onError: (err: unknown) => void): void {
  onShutdown('flush', () => tracker.flush().catch(onError));
}
