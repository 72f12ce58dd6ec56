import type { AppConfig } from '../server/config.ts';
import type { RedisTarget } from '../server/config-redis.ts';
import { createExecutionRuntime, type ExecutionRuntime } from '../server/execution/runtime.ts';
import { ensureLocalRedis } from '../server/redis/local-redis.ts';
import { logger } from '../server/log.ts';
import { startWorkerHeartbeat, type WorkerKind } from '../server/health/worker-heartbeat.ts';
import { createRedis } from '../server/redis/client.ts';
import type { RedisClient } from '../server/redis/connection.ts';

let runtime: Promise<ExecutionRuntime> | undefined;
let redisTarget: Promise<RedisTarget> | undefined;

/**
 * The CLI's Redis: REDIS_URL or REDIS_CLUSTER_NODES, else the local redis-server of the data
 * directory (started if needed).
 */
export function cliRedis(config: AppConfig): Promise<RedisTarget> {
  redisTarget ??= config.redis ? Promise.resolve(config.redis) : ensureLocalRedis(config.dataDir).then((url) => ({ kind: 'single', url }));
  return redisTarget;
}

/**
 * The CLI's execution runtime, created on first use: REDIS_URL or REDIS_CLUSTER_NODES, or the local redis-server of
 * the data directory (started if needed). Closed by `closeCliExecution` when the command ends.
 */
export function cliExecution(config: AppConfig): Promise<ExecutionRuntime> {
  // After the command's close, a late caller (a plan tracker's flush, an agent turn still ending)
  // gets an error, not a new runtime whose connections would keep the process from exiting.
  if (closed) return Promise.reject(new Error('the CLI has closed its execution runtime (the command is ending)'));
  runtime ??= (async () => {
    const r = await createExecutionRuntime(config, await cliRedis(config), logger().child({ component: 'cli' }));
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

let heartbeat: { stop(): Promise<void>; redis: RedisClient } | undefined;

/**
 * Makes this process a worker (runtime.startWorkers) and registers it on Settings → Health (issue
 * 34, server/health/worker-heartbeat.ts) until `closeCliExecution`, which deregisters it. The beat
 * has a command connection of its own: it fails fast, never queues, and never holds the process.
 */
export async function startCliWorkers(runtime: ExecutionRuntime, config: AppConfig, kind: WorkerKind, concurrency: number): Promise<void> {
  runtime.startWorkers(concurrency);
  if (heartbeat) return;
  const redis = createRedis(await cliRedis(config));
  const registration = { id: runtime.x.identity, kind, concurrency, activeTasks: () => runtime.x.activeWork.size };
  const onError = (err: unknown) => logger().warn({ err }, 'worker heartbeat failed');
  heartbeat = { ...startWorkerHeartbeat(redis, registration, onError), redis };
}

let abortActiveOnClose = false;

/** `dcf run` has its answer: Task attempts still in flight (e.g. after --timeout) are stopped at close. */
export function abortActiveWorkOnClose(): void {
  abortActiveOnClose = true;
}

let closed = false;

export async function closeCliExecution(): Promise<void> {
  closed = true;
  if (heartbeat) {
    const { stop, redis } = heartbeat;
    heartbeat = undefined;
    await stop();
    redis.disconnect();
  }
  if (!runtime) return;
  const r = await runtime.catch(() => null);
  runtime = undefined;
  await r?.close({ abortActive: abortActiveOnClose });
}
