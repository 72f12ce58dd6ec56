import type { AppConfig } from '../server/config.ts';
import { createExecutionRuntime, type ExecutionRuntime } from '../server/execution/runtime.ts';
import { ensureLocalRedis } from '../server/redis/local-redis.ts';
import { logger } from '../server/log.ts';

let runtime: Promise<ExecutionRuntime> | undefined;
let redisUrl: Promise<string> | undefined;

/** The CLI's Redis: REDIS_URL, else the local redis-server of the data directory (started if needed). */
export function cliRedisUrl(config: AppConfig): Promise<string> {
  redisUrl ??= config.redisUrl ? Promise.resolve(config.redisUrl) : ensureLocalRedis(config.dataDir);
  return redisUrl;
}

/**
 * The CLI's execution runtime, created on first use: REDIS_URL, or the local redis-server of
 * the data directory (started if needed). Closed by `closeCliExecution` when the command ends.
 */
export function cliExecution(config: AppConfig): Promise<ExecutionRuntime> {
  runtime ??= (async () => {
    const r = await createExecutionRuntime(config, await cliRedisUrl(config), logger().child({ component: 'cli' }));
    if (config.execution.workerAgents === 'platform') {
      // Workers are platform agents (Letta, or the local runtime on the shared database), as in the
      // console: the CLI's one agent platform (cli/agents.ts), closed by closeCliAgents.
      const [{ PlatformWorkerRuntime }, { cliAgentPlatform }] = await Promise.all([
        import('../server/agents/platform/platform-workers.ts'),
        import('./agents.ts'),
      ]);
      r.x.agents = new PlatformWorkerRuntime(await cliAgentPlatform(config));
    }
    return r;
  })();
  return runtime;
}

let abortActiveOnClose = false;

/** `dcf run` has its answer: Task attempts still in flight (e.g. after --timeout) are stopped at close. */
export function abortActiveWorkOnClose(): void {
  abortActiveOnClose = true;
}

export async function closeCliExecution(): Promise<void> {
  if (!runtime) return;
  const r = await runtime.catch(() => null);
  runtime = undefined;
  await r?.close({ abortActive: abortActiveOnClose });
}
