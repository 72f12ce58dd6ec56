'use client';
import { msText } from '@/lib/duration-text';
import { resourceBudgetSchema, type ResourceBudget } from '@/lib/planning/schemas';
import { countOf, unitsText } from './format';
import { PlansFor } from './plan-list';

/** A ResourceBudget in words: "12 calls, 10 min, no cost limit". */
export function budgetText(b: ResourceBudget): string {
  return [
    b.maxToolCalls !== undefined ? countOf(b.maxToolCalls, 'call') : 'no call limit',
    b.maxLatency !== undefined ? msText(b.maxLatency) : 'no time limit',
    b.maxCost !== undefined ? unitsText(b.maxCost) : 'no cost limit',
  ].join(', ');
}

/**
 * A companion task's tool-call plan (planning.plans by unit companion_task and the task's id),
 * with the budget the Conductor handed it in the task_delegation context (`context.budget`).
 */
export function TaskPlans({ taskId, context, running }: { taskId: string; context: Record<string, unknown>; running: boolean }) {
  const handed = resourceBudgetSchema.safeParse(context.budget);
  return (
    <section aria-label={`Tool-call plan of task ${taskId}`} className="space-y-2" data-testid="task-plans">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Tool-call plan</h4>
      <p className="text-xs text-slate-600" data-testid="task-handed-budget">
        {handed.success ? (
          <>
            Budget handed by the Conductor: <span className="font-medium text-slate-800">{budgetText(handed.data)}</span>
            {typeof context.budget_source === 'string' ? ` (from ${context.budget_source})` : ''}.
          </>
        ) : (
          'The Conductor handed this task no budget.'
        )}
      </p>
      <PlansFor
        filter={{ unit_kind: 'companion_task', unit_id: taskId, limit: 20 }}
        live={running}
        emptyText="The Companion declares its plan when it claims the task."
      />
    </section>
  );
}
