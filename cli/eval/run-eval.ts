import os from 'node:os';
import type { AgentPlatform } from '../../server/contracts/agent-platform.ts';
import { createAgentPlatform } from '../../server/agents/platform/factory.ts';
import { loadConfig, type AppConfig } from '../../server/config.ts';
import { loadDataset, worldMismatch } from '../../server/evals/dataset.ts';
import { runDataset, selectCases } from '../../server/evals/runner.ts';
import { logger } from '../../server/log.ts';
import type { ToolServices } from '../../server/contracts/tool-services.ts';
import { consoleMayBeRunning } from '../agents.ts';
import { notificationWorkers } from '../chat/workers.ts';
import type { EvalBrain } from '../commands/eval.ts';
import { PROJECT_ROOT, cliPlanTracker, cliToolContext } from '../context.ts';
import { cliDatabase } from '../database.ts';
import { cliExecution, startCliWorkers } from '../execution.ts';
import { EXIT, printJson, usageError, type ExitCode } from '../io.ts';
import { evalLine, evalTable } from './render.ts';

export interface EvalRequest {
  dataset: string;
  brain: EvalBrain | undefined;
  threshold: number;
  /** Only these cases of the dataset (--cases). */
  cases: string[] | undefined;
  json: boolean;
}

/** `dcf eval` once its arguments are checked: see cli/commands/eval.ts. */
export async function runEval(req: EvalRequest): Promise<ExitCode> {
  const config = loadConfig(process.env, PROJECT_ROOT);
  const read = await loadDataset(req.dataset, PROJECT_ROOT);
  const loaded = read.ok ? selectCases(read.value, req.cases) : read;
  if (!loaded.ok) return usageError(loaded.error);
  const mismatch = worldMismatch(loaded.value.dataset, config.skillTransport);
  if (mismatch) return usageError(mismatch);
  const chosen = brainConfig(config, req.brain);
  if ('error' in chosen) return usageError(chosen.error);
  const { db } = await cliDatabase(config);
  const runtime = await cliExecution(config);
  // The runs the Planner starts need workers: the console's or dcf worker processes, else this process's.
  if (!(await notificationWorkers(runtime.x))) await startCliWorkers(runtime, config, 'dcf eval', config.execution.workerConcurrency);
  // The agents' tools reach this platform (a Conductor's Companions are created on it), not the configured one.
  let platform: AgentPlatform | undefined;
  const services: ToolServices = { ...cliToolContext().services, planning: cliPlanTracker(config), agents: async () => platform! };
  platform = await createAgentPlatform(chosen.config, db, services, logger().child({ component: 'eval' }), {
    sweepInbox: !(await consoleMayBeRunning(config)),
  });
  try {
    const progress = !req.json && process.stderr.isTTY;
    const result = await runDataset(db, platform, loaded.value, {
      startedBy: `cli:${os.userInfo().username}`,
      services,
      onCase: progress ? (c, i, n) => process.stderr.write(`${evalLine(c, i, n)}\n`) : undefined,
    });
    const score = result.run.score ?? 0;
    if (req.json) printJson({ ...result, threshold: req.threshold, passed: score >= req.threshold });
    else process.stdout.write(evalTable(result.run, result.cases, req.threshold));
    return score >= req.threshold ? EXIT.ok : EXIT.failed;
  } finally {
    await platform.close();
  }
}

/**
 * The configuration for the brain asked for. Without --brain, the configured one (Letta when
 * LETTA_BASE_URL is set, else the OpenAI-compatible model when OPENAI_MODEL is, else the
 * deterministic brains). A brain that is not configured is a usage error naming what to set.
 */
export function brainConfig(config: AppConfig, brain: EvalBrain | undefined): { config: AppConfig } | { error: string } {
  if (brain === undefined) return { config };
  if (brain === 'letta') {
    return config.agentRuntime.kind === 'letta'
      ? { config }
      : { error: '--brain letta needs LETTA_BASE_URL (the Letta server the agents run on)' };
  }
  if (brain === 'openai') {
    return config.agentBrain.kind === 'openai'
      ? { config: { ...config, agentRuntime: { kind: 'local' } } }
      : { error: '--brain openai needs OPENAI_MODEL (and OPENAI_BASE_URL for an endpoint other than api.openai.com)' };
  }
  return { config: { ...config, agentRuntime: { kind: 'local' }, agentBrain: { kind: 'deterministic' } } };
}
