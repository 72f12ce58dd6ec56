import pino from 'pino';
import type { AppConfig } from '../../config.ts';
import { testConfig } from '../../testing/test-config.ts';
import { isolatedRedis } from '../../testing/test-database.ts';
import { redisTargetEnv, type RedisTarget } from '../../config-redis.ts';
import { createExecutionRuntime, type ExecutionRuntime } from '../runtime.ts';
import { startRun } from '../start-run.ts';
import { waitForRun } from '../wait-run.ts';
import { showRun } from '../show-run.ts';
import type { RunRecord } from '../../contracts/run-view.ts';
import { calibrateDue } from '../../learning/accuracy/background.ts';
import { calibrationDeps } from '../../learning/accuracy/calibration-deps.ts';

/**
 * TEST SUPPORT: a real execution runtime on an isolated Redis database (or the test cluster) with in-process workers
 * (none with `concurrency` 0: separate `dcf worker` processes then do the work),
 * and a one-call `run` that starts a workflow and waits for its end. Nothing is simulated:
 * BullMQ dispatch, Lua leases and the skill transports are the production ones.
 */
export async function executionHarness(env: Record<string, string> = {}, concurrency = 4): Promise<ExecutionHarness> {
  const redis = await isolatedRedis();
  const config = testConfig({ ...redisTargetEnv(redis), DCF_LEASE_TTL_S: '5', ...env });
  const runtime = await createExecutionRuntime(config, redis, pino({ level: process.env.DCF_TEST_LOG ?? 'silent' }));
  // As a console does at start, the skills whose capability needs accuracy are calibrated (ms each; testConfig skips
  // pocketsphinx): awaited here, so a test's first swap finds them measured and chooses among them.
  await calibrateDue(calibrationDeps(runtime.x, 1, config.calibrationSkip));
  if (concurrency > 0) runtime.startWorkers(concurrency);
  return new ExecutionHarness(runtime, redis, config);
}

export class ExecutionHarness {
  constructor(
    readonly runtime: ExecutionRuntime,
    readonly redis: RedisTarget,
    readonly config: AppConfig,
  ) {}

  /** Starts a run without waiting (whoever consumes the queue runs it). */
  async start(workflow: unknown, input: unknown): Promise<string> {
    const started = await startRun(this.x, { workflow, input, started_by: 'test' });
    if (!started.ok) throw new Error(`${started.message}: ${JSON.stringify(started.issues)}`);
    return started.run_id;
  }

  get x() {
    return this.runtime.x;
  }

  /** Starts `workflow` with `input` and waits (default 30 s) for the run to end. */
  async run(workflow: unknown, input: unknown, timeoutMs = 30_000): Promise<RunRecord> {
    const started = await startRun(this.x, { workflow, input, started_by: 'test' });
    if (!started.ok) throw new Error(`${started.message}: ${JSON.stringify(started.issues)}`);
    const run = await waitForRun(this.x, started.run_id, timeoutMs);
    if (!run) throw new Error(`run ${started.run_id} vanished`);
    return run;
  }

  show(runId: string) {
    return showRun(this.x, runId);
  }

  /** The run once finalize_workflow has written its summary (it runs right after the run ends). */
  async finalized(runId: string, timeoutMs = 5_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const view = await showRun(this.x, runId);
      if (view?.run.summary || Date.now() > until) return view!;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close() {
    return this.runtime.close();
  }
}

const BUILTIN = { echo: 'skill://builtin.echo@1.0.0', fail: 'skill://builtin.fail@1.0.0', sleep: 'skill://builtin.sleep@1.0.0' } as const;

/** A Task state bound to a built-in skill. */
export function task(skill: keyof typeof BUILTIN, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    Type: 'Task',
    AgentBinding: { agent_template_ref: { name: 'agent_template_worker@1.0.0' }, skills: [BUILTIN[skill]] },
    ...fields,
  };
}

/** A minimal valid workflow around `asl`, importing every built-in skill it binds. */
export function workflowOf(asl: Record<string, unknown>, inputSchema: Record<string, unknown> = {}): Record<string, unknown> {
  const text = JSON.stringify(asl);
  const used = (Object.keys(BUILTIN) as Array<keyof typeof BUILTIN>).filter((k) => text.includes(BUILTIN[k]));
  return {
    workflow_schema_version: '2.2.0',
    workflow_id: '00000000-0000-4000-8000-000000000001',
    workflow_name: 'test workflow',
    version: '1.0.0',
    workflow_input_schema: inputSchema,
    skill_imports: used.map((k) => ({ uri: `file://skills/builtin.${k}.json` })),
    asl,
  };
}
