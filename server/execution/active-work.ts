import type { ActiveWork } from '../contracts/execution-services.ts';
import type { WorkAbort } from './lease-renewal.ts';

/**
 * The Task attempts in flight in this process (ExecutionServices.activeWork). `stop` aborts every
 * one of them and, from then on, each one added: an attempt whose lease was granted just before
 * the process began stopping registers a moment later (worker-protocol.ts declares its plan in
 * between), and it must stop too rather than run its skill to the end while the process waits for it.
 */
export class InFlightWork implements ActiveWork {
  private readonly work = new Set<AbortController>();
  private stopped?: WorkAbort;

  get size(): number {
    return this.work.size;
  }

  add(a: AbortController): void {
    this.work.add(a);
    if (this.stopped) a.abort(this.stopped);
  }

  delete(a: AbortController): void {
    this.work.delete(a);
  }

  /** The process is stopping: every attempt, now and later, is aborted with `reason` (it writes nothing; its lease lapses). */
  stop(reason: WorkAbort): void {
    this.stopped = reason;
    for (const a of this.work) a.abort(reason);
  }
}
