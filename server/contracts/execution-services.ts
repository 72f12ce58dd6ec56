import type { Queue } from 'bullmq';
import type { RedisClient } from '../redis/connection.ts';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.ts';
import type { ControlPlane } from '../controlplane/control-plane.ts';
import type { SkillInvoker } from '../skills/invoke/index.ts';
import type { AgentRuntimePort } from './agent-runtime.ts';
import type { SkillDirectory } from './skill-directory.ts';
import type { OutboxEntry } from './execution-entries.ts';
import type { WorkerPlans } from './worker-plans.ts';

/** The Task attempts in flight in a process (execution/active-work.ts): each adds its abort controller while it runs. */
export interface ActiveWork {
  readonly size: number;
  add(attempt: AbortController): void;
  delete(attempt: AbortController): void;
}

/**
 * Everything the execution needs: the control plane, the dispatcher, the skill transports and
 * the agent runtime. Created once per process (server, `dcf worker`, `dcf run`); a notification
 * job's handlers use a copy that carries the job's `continuation`.
 */
export interface ExecutionServices {
  config: AppConfig;
  redis: RedisClient;
  cp: ControlPlane;
  dispatcher: NotificationDispatcher;
  skills: SkillDirectory;
  invoker: SkillInvoker;
  agents: AgentRuntimePort;
  log: Logger;
  /** Called once a commit has finished a run (finalize: delete workers, close states, summary, leave the active set). */
  onRunFinished?: (runId: string) => Promise<void>;
  /** In-flight Task attempts of this process; `close({ abortActive })` stops them (they write nothing, their leases lapse). */
  activeWork: ActiveWork;
  /** Who this process is, for lease owners: `engine@host:pid`. */
  identity: string;
  /**
   * The in-process workers' tool-call plans (issue 17; protocol-plan.ts), set by the composition
   * root where the planning tools run (the console). Unset (`dcf worker`, tests), workers plan nothing.
   */
  workerPlans?: WorkerPlans;
  /**
   * The notification job this copy serves (server/execution/handle-notification.ts): its commits
   * choose from it a notification to continue in place (continuation.ts). Unset outside a job (a
   * tool call, a run's start, the sweeper). Passed explicitly, not held in AsyncLocalStorage, whose
   * promise hooks cost every promise of the process (about 5 % of a Task transition's CPU, issue 33).
   */
  continuation?: JobContinuation;
}

/** A notification job's choice of what to continue in place (server/execution/continuation.ts Continuation). */
export interface JobContinuation {
  choose(notes: readonly OutboxEntry[]): OutboxEntry | undefined;
  accept(n: OutboxEntry): void;
  release(n: OutboxEntry): void;
}

/**
 * Hands a commit's notifications to the queue the workers consume (server/execution/dispatcher.ts:
 * BullMQ jobs keyed by nudge id, so a second dispatch of one entry is a no-op). The sweeper reads
 * the queue to find an outbox entry whose job is missing.
 */
export interface NotificationDispatcher {
  readonly queue: Queue;
  /**
   * Sends the entries not yet marked sent, marks them, and returns them (the others were sent before). `fresh`: the
   * entries come from the commit the caller just made, which marked them sent (CommitBuilder.markSent): no check, no mark.
   */
  dispatch(entries: OutboxEntry[], opts?: { fresh?: boolean }): Promise<OutboxEntry[]>;
  close(): Promise<void>;
}
