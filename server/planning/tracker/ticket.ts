import type { CallTicket } from '../../contracts/planning/ports.ts';
import type { ActivePlan } from './active-plan.ts';
import type { BatchWriter } from './batch-writer.ts';
import type { LiveCall } from './live-call.ts';

/** The handle `invokeTool` ends a call with: the call's outcome, queued for the batch writer. */
export class Ticket implements CallTicket {
  readonly planId: string;

  constructor(
    private readonly writer: BatchWriter,
    private readonly clock: () => number,
    private readonly a: ActivePlan,
    private readonly call: LiveCall,
  ) {
    this.planId = a.plan.planId;
  }

  end(outcome: { status: 'ok' | 'error'; error_code?: string | null }): void {
    if (this.call.status !== 'running') return;
    this.call.status = outcome.status;
    this.call.errorCode = outcome.error_code ?? null;
    this.call.endedMs = this.clock();
    this.writer.written(this.a, this.call);
  }
}
