import { resourceBudgetSchema, type ResourceBudget } from '../../../../lib/planning/schemas.ts';
import type { Guidelines } from '../../../delegation/guidelines.ts';

/**
 * The ResourceBudget the Conductor hands a Companion with each task (task_delegation
 * `context.budget`, issue 17): the Companion declares its task's plan with it as the constraints,
 * and the sentinel judges the task against it (enforce mode refuses a call over it).
 *
 * Where it comes from, first that applies:
 * 1. the Conductor's guidelines: `companion_strategy.task_budget` in the strategist_guidelines
 *    block, a ResourceBudget (`{"maxToolCalls": 30, "maxLatency": 300000, "maxCost": 500}`) — the
 *    Strategist sets it, and a new session starts with the deployment's DCF_COMPANION_TASK_BUDGET
 *    there (server/delegation/sessions.ts); one that does not parse as a ResourceBudget is ignored;
 * 2. the default below, sized from the task itself.
 */
export interface TaskBudget {
  budget: ResourceBudget;
  /** Said with the budget, so the Companion's plan and the console can show where it came from. */
  source: string;
}

/**
 * The default: calls = the task's protocol (a claim, a status, a load and an unload per skill) and
 * its skill calls — `skillCalls` is what the plan names, and each may map over the period's calls,
 * so it is counted PER_STEP_ALLOWANCE times — with nothing for cost (tokens or configured costs are
 * the deployment's to price) and ten minutes of time, the delegated review's longest pilot.
 */
export const PER_STEP_ALLOWANCE = 4;
export const DEFAULT_TASK_LATENCY_MS = 600_000;

export function companionTaskBudget(g: Guidelines, task: { skills: number; planSteps: number }): TaskBudget {
  const set = resourceBudgetSchema.safeParse(g.companion_strategy?.task_budget);
  if (set.success && Object.keys(set.data).length) {
    // Revision 0 is the guidelines as the session began: the deployment's DCF_COMPANION_TASK_BUDGET.
    const source =
      g.revision === 0
        ? "the deployment's Companion task budget (DCF_COMPANION_TASK_BUDGET)"
        : `the Conductor's guidelines (revision ${g.revision}), companion_strategy.task_budget`;
    return { budget: set.data, source };
  }
  const protocol = 2 + 2 * task.skills;
  return {
    budget: {
      maxToolCalls: protocol + PER_STEP_ALLOWANCE * Math.max(1, task.planSteps),
      maxLatency: DEFAULT_TASK_LATENCY_MS,
    },
    source: "the Conductor's default: the task's protocol calls, four calls per plan step, ten minutes",
  };
}
