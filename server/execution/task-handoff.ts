import type { WorkerNotification } from '../contracts/agent-runtime.ts';
import type { InstanceView } from './instance-view.ts';
import type { JobContinuation } from '../contracts/execution-services.ts';
import type { PreGranted } from './pregrant.ts';
import { TakenOnce } from './taken-once.ts';

/**
 * What the notification handler already read when it hands a Task notification to a worker in
 * this process (handle-notification.ts → the in-process agent runtime → worker-protocol.ts): the
 * instance's view, so the worker does not read it again — the lease script checks that the entry
 * is still the one viewed (task-work.ts startTaskWork) — and the outbox entry being handled, which
 * the worker removes in the commit of the state's outcome (`outboxDone` then tells the handler it
 * has nothing left to remove), and the job's continuation, which the outcome's commit chooses from
 * (continuation.ts). Keyed by the notification object itself: a platform that sends the
 * notification elsewhere (Letta) never looks it up, and the entry goes with the object.
 */
export interface TaskHandoff {
  view: InstanceView;
  nudgeId: string;
  outboxDone: boolean;
  continuation?: JobContinuation;
  /** The state's lease, granted with the commit that entered it (pregrant.ts). */
  granted?: PreGranted;
}

const handoffs = new TakenOnce<WorkerNotification, TaskHandoff>();

export const handOver = (n: WorkerNotification, h: TaskHandoff): void => handoffs.give(n, h);

/** The hand-off given with `n`, once (a notification delivered again reads the instance itself). */
export const takeHandoff = (n: WorkerNotification): TaskHandoff | undefined => handoffs.take(n);
