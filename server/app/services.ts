import type { RedisClient } from '../redis/connection.ts';
import { config } from '../config.ts';
import { database } from '../db/index.ts';
import { createRedis } from '../redis/client.ts';
import { sessionSecret } from '../auth/secret.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { logger } from '../log.ts';
import type { ExecutionRuntime } from '../execution/runtime.ts';
import type { AgentPlatform } from '../contracts/agent-platform.ts';
import { flushOnSignals, processTracker } from '../planning/process-tracker.ts';
import type { PlanTrackerService } from '../planning/tracker/plan-tracker.ts';

// Process-wide singletons live on globalThis for the same reason as the database handle: Next.js
// may load this module more than once, and each copy must share one Redis connection.
const REDIS = Symbol.for('dcf.redis');
const SECRET = Symbol.for('dcf.sessionSecret');
const EXECUTION = Symbol.for('dcf.execution');
const AGENTS = Symbol.for('dcf.agentPlatform');
const PLANNING = Symbol.for('dcf.planTracker');
const SCHEDULES = Symbol.for('dcf.backgroundJobsRuntime');
type Holder = {
  [REDIS]?: RedisClient;
  [SECRET]?: Promise<string>;
  [EXECUTION]?: Promise<ExecutionRuntime>;
  [AGENTS]?: Promise<AgentPlatform>;
  [PLANNING]?: PlanTrackerService;
  [SCHEDULES]?: Promise<import('../schedules/start.ts').BackgroundJobsRuntime | undefined>;
};
const holder = globalThis as Holder;

/** The shared Redis client, or undefined when REDIS_URL is unset. */
export function redis(): RedisClient | undefined {
  const url = config().redis;
  if (!url) return undefined;
  holder[REDIS] ??= createRedis(url);
  return holder[REDIS];
}

export function cookieSecret(): Promise<string> {
  holder[SECRET] ??= sessionSecret(config());
  return holder[SECRET];
}

/**
 * The server's execution runtime (control plane, dispatch, skills, agents), created once; on
 * the embedded default (DCF_EMBEDDED_WORKERS, on unless set false) this process also runs
 * workers. Undefined without REDIS_URL.
 */
export function executionRuntime(): Promise<ExecutionRuntime> | undefined {
  const cfg = config();
  const url = cfg.redis;
  if (!url) return undefined;
  holder[EXECUTION] ??= (async () => {
    const { createExecutionRuntime } = await import('../execution/runtime.ts');
    const runtime = await createExecutionRuntime(cfg, url, logger().child({ component: 'execution' }));
    const { onShutdown } = await import('../shutdown.ts');
    const { workerPlans } = await import('./worker-plans.ts');
    runtime.x.workerPlans = workerPlans(toolServices, logger().child({ component: 'worker-plans' }));
    if (cfg.execution.workerAgents === 'platform') {
      const { PlatformWorkerRuntime } = await import('../agents/platform/platform-workers.ts');
      runtime.x.agents = new PlatformWorkerRuntime(await agentPlatform());
    }
    if (cfg.execution.embeddedWorkers) {
      runtime.startWorkers(cfg.execution.workerConcurrency);
      // Issue 34: the embedded workers beat on Settings → Health, and leave it when the console stops.
      const { startWorkerHeartbeat } = await import('../health/worker-heartbeat.ts');
      const heartbeat = startWorkerHeartbeat(
        redis()!,
        {
          id: runtime.x.identity,
          kind: 'console',
          concurrency: cfg.execution.workerConcurrency,
          activeTasks: () => runtime.x.activeWork.size,
        },
        (err) => logger().warn({ err }, 'worker heartbeat failed'),
      );
      onShutdown('flush', () => heartbeat.stop());
    }
    // Issue 18: background jobs fire and dispatches are followed where workers run (server/schedules/start.ts).
    if (cfg.execution.embeddedWorkers) void backgroundJobsRuntime();
    // Notifications (issue 18): this process owns the database, so it retries EMAIL/TELEGRAM deliveries.
    const { startDeliveryRetries } = await import('../notifications/retries.ts');
    const stopRetries = startDeliveryRetries({
      db: (await database()).db,
      redis: url,
      config: cfg,
      log: logger().child({ component: 'notifications' }),
    });
    onShutdown('stop', stopRetries); // before the database closes
    return runtime;
  })();
  return holder[EXECUTION];
}

/**
 * The agent platform (Letta or the local runtime, server/agents/platform/factory.ts), created
 * once. A failed start is not cached: the next call tries again (Letta may come up later).
 */
export function agentPlatform(): Promise<AgentPlatform> {
  if (!holder[AGENTS]) {
    const created = (async () => {
      const { createAgentPlatform } = await import('../agents/platform/factory.ts');
      const platform = await createAgentPlatform(config(), (await database()).db, toolServices(), logger().child({ component: 'agents' }));
      // At shutdown it stops taking messages before the database closes (its inbox sweep read a closed pool).
      const { onShutdown } = await import('../shutdown.ts');
      onShutdown('stop', () => platform.close());
      return platform;
    })();
    holder[AGENTS] = created;
    created.catch(() => {
      if (holder[AGENTS] === created) delete holder[AGENTS];
    });
  }
  return holder[AGENTS];
}

/**
 * The process's tool-call plan tracker (issue 17, server/planning/process-tracker.ts), created
 * once: every tool call of the server's agents is attributed through it, and what it queues is
 * written when the process is told to stop.
 */
export function planTracker(): PlanTrackerService {
  if (!holder[PLANNING]) {
    const runtime = executionRuntime();
    const onError = (err: unknown) => logger().error({ err }, 'plan tracker');
    holder[PLANNING] = processTracker(config(), {
      db: async () => (await database()).db,
      ...(runtime ? { execution: async () => (await runtime).x } : {}),
      onError,
    });
    flushOnSignals(holder[PLANNING], onError);
  }
  return holder[PLANNING];
}

/**
 * The process's background jobs with their trigger worker and the dispatch tracker (issue 18,
 * server/schedules/start.ts), started once where workers run. Undefined without REDIS_URL or
 * when it could not start (logged).
 */
export function backgroundJobsRuntime(): Promise<import('../schedules/start.ts').BackgroundJobsRuntime | undefined> {
  holder[SCHEDULES] ??= (async () => {
    const url = config().redis;
    if (!url) return undefined;
    const { startBackgroundJobs } = await import('../schedules/start.ts');
    const log = logger().child({ component: 'schedules' });
    const { onShutdown } = await import('../shutdown.ts');
    return startBackgroundJobs({ redis: url, db: async () => (await database()).db, platform: agentPlatform, log }).then(
      (jobs) => {
        onShutdown('stop', () => jobs.close()); // before the database closes
        return jobs;
      },
      (err: unknown) => {
        log.error({ err }, 'background jobs did not start');
        return undefined;
      },
    );
  })();
  return holder[SCHEDULES];
}

/** Services handed to tool handlers in the server process. */
export function toolServices(): ToolServices {
  const runtime = executionRuntime();
  return {
    config: config(),
    db: async () => (await database()).db,
    agents: agentPlatform,
    planning: planTracker(),
    ...(runtime ? { execution: async () => (await runtime).x } : {}),
  };
}

export { config, database };
