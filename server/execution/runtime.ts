import type { RedisTarget } from '../config-redis.ts';
import { hostname } from 'node:os';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import { ControlPlane } from '../controlplane/control-plane.ts';
import { InProcessAgentRuntime } from './in-process-runtime.ts';
import { createSkillInvoker } from '../skills/invoke/index.ts';
import { Dispatcher, QUEUE_PREFIX, queueConnection, startNotificationWorker } from './dispatcher.ts';
import { finalizeWorkflow } from './finalize.ts';
import { publishRunEpisode } from './run-episode.ts';
import { publishQaResults, QA_STREAM } from './qa-publish.ts';
import { EPISODE_STREAM } from '../learning/episode-stream.ts';
import { migrateSlotKeys } from '../controlplane/key-migration.ts';
import { markRunSettled } from './run-settled.ts';
import { forgetRunDefinition } from './run-definition.ts';
import { showRun } from './show-run.ts';
import { episodeEvents } from './episode.ts';
import { handleNotificationJob } from './handle-notification.ts';
import { leaseTiming } from './lease-timing.ts';
import { loadSkillDirectory } from '../skills/skill-directory.ts';
import { sweep } from './sweeper.ts';
import { performWorkerProtocol } from './worker-protocol.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { InFlightWork } from './active-work.ts';

export interface ExecutionRuntime {
  x: ExecutionServices;
  /** Starts consuming notifications (and the sweeper) in this process. */
  startWorkers(concurrency: number): void;
  /** Stops consuming and closes every connection; `abortActive` also stops Task attempts in flight instead of letting them finish. */
  close(opts?: { abortActive?: boolean }): Promise<void>;
}

export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * Wires the execution for one process: Redis control plane, BullMQ dispatch, skill catalog and
 * transports, the in-process agent runtime. `startWorkers` makes this process a worker (the
 * console's embedded workers, `dcf worker`, `dcf run` without --external-workers).
 */
export async function createExecutionRuntime(config: AppConfig, target: RedisTarget, log: Logger): Promise<ExecutionRuntime> {
  // Every connection this runtime opens, closed in `close` (BullMQ never closes connections it was given).
  const connections: ReturnType<typeof queueConnection>[] = [];
  const connect = () => {
    const c = queueConnection(target);
    connections.push(c);
    return c;
  };
  const redis = connect();
  // Keys renamed for Redis Cluster slots are moved out of their old names first (key-migration.ts).
  await migrateSlotKeys(redis, [QA_STREAM, EPISODE_STREAM]);
  const closers: Array<() => Promise<void>> = [];
  const activeWork = new InFlightWork();
  const x: ExecutionServices = {
    config,
    redis,
    cp: new ControlPlane(redis),
    dispatcher: new Dispatcher(redis, connect()),
    skills: await loadSkillDirectory(config.skillsDir),
    invoker: createSkillInvoker({ config }),
    agents: undefined as unknown as ExecutionServices['agents'],
    log,
    identity: `engine@${hostname()}:${process.pid}`,
    activeWork,
  };
  x.agents = new InProcessAgentRuntime(redis, (agent, n) => performWorkerProtocol(x, agent, n));
  x.onRunFinished = async (runId) => {
    await finalizeWorkflow(x, runId);
    // The learning loop's first hop and the QA results, from one read of the finished run (of its events, only the
    // episode's: the QA results read none); a failure here must not fail the run's last transition.
    const view = await showRun(x, runId, { events: episodeEvents }).catch(
      (err: unknown) => void log.warn({ run_id: runId, err }, 'finished run not read'),
    );
    if (view !== undefined) {
      await publishRunEpisode(x, runId, view).catch((err: unknown) => log.warn({ run_id: runId, err }, 'episode not published'));
      await publishQaResults(x, runId, view).catch((err: unknown) => log.warn({ run_id: runId, err }, 'QA results not published'));
    }
    forgetRunDefinition(runId);
    await markRunSettled(x.redis, runId).catch((err: unknown) => log.warn({ run_id: runId, err }, 'run not marked settled'));
  };
  return {
    x,
    startWorkers(concurrency) {
      const timing = leaseTiming(config.execution.leaseTtlS);
      const notifications = startNotificationWorker(connect(), concurrency, timing, (e) => handleNotificationJob(x, e));
      const maintenance = new Queue(MAINTENANCE_QUEUE, { connection: connect(), prefix: QUEUE_PREFIX });
      const every = timing.sweepEveryMs;
      void maintenance.upsertJobScheduler('sweep', { every }, { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: 100 } });
      const sweeper = new Worker(MAINTENANCE_QUEUE, async () => sweep(x), { connection: connect(), prefix: QUEUE_PREFIX, concurrency: 1 });
      sweeper.on('error', () => {});
      closers.push(async () => {
        await notifications.close();
        await sweeper.close();
        await maintenance.close();
      });
    },
    async close(opts = {}) {
      if (opts.abortActive) activeWork.stop({ error: 'WorkerStopped', cause: 'the worker process is stopping' });
      for (const c of closers.reverse()) await c();
      await x.dispatcher.close();
      await x.invoker.close();
      for (const c of connections) c.disconnect();
    },
  };
}
