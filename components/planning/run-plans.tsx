'use client';
import type { PlanView } from '@/lib/planning/schemas';
import { PlansFor } from './plan-list';

/** "Task state Transcribe": which state's worker a run plan is for. */
const stateOf = (v: PlanView) => (v.plan.unit.state ? `Task state ${v.plan.unit.state}` : 'The run');

/**
 * A workflow run's tool-call plans: one per Task state's worker (planning.plans by unit
 * workflow_run and the run's id), each beside the calls the worker made; read live while the run
 * is not finished.
 */
export function RunPlans({ runId, running }: { runId: string; running: boolean }) {
  return (
    <div className="space-y-2" data-testid="run-plans">
      <p className="text-sm text-slate-600">
        Each worker declares a plan for its Task state before it calls a skill: what it means to call, its budget and policy. Here each plan
        is shown beside the calls the worker made and what the sentinel found.
      </p>
      <PlansFor
        filter={{ unit_kind: 'workflow_run', unit_id: runId, limit: 100 }}
        live={running}
        describe={stateOf}
        emptyText={running ? 'The workers have not declared plans yet.' : 'No worker of this run declared a plan.'}
      />
    </div>
  );
}
