import { fail, type ToolFailure } from '../../tool-result.ts';
import type { ActivePlan } from './active-plan.ts';

export interface BudgetExcess {
  dimension: 'maxToolCalls' | 'maxCost' | 'maxLatency';
  limit: number;
  /** What the plan would reach with this call: its calls, its cost units, or its elapsed milliseconds. */
  actual: number;
  over: number;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Enforce mode's check before a call runs (arithmetic on the plan's counters): the call would
 * make the calls more than maxToolCalls, the cost (so far + this call's configured cost) more
 * than maxCost, or it starts after maxLatency has passed since the declaration. The first
 * dimension over, in that order; null when the call fits.
 */
export function budgetExcess(a: ActivePlan, cost: number, nowMs: number): BudgetExcess | null {
  const b = a.plan.planningContext.constraints;
  if (b.maxToolCalls !== undefined && a.calls + 1 > b.maxToolCalls) {
    return { dimension: 'maxToolCalls', limit: b.maxToolCalls, actual: a.calls + 1, over: a.calls + 1 - b.maxToolCalls };
  }
  if (b.maxCost !== undefined && round(a.cost + cost) > b.maxCost) {
    const actual = round(a.cost + cost);
    return { dimension: 'maxCost', limit: b.maxCost, actual, over: round(actual - b.maxCost) };
  }
  const elapsed = nowMs - a.createdMs;
  if (b.maxLatency !== undefined && elapsed > b.maxLatency) {
    return { dimension: 'maxLatency', limit: b.maxLatency, actual: elapsed, over: elapsed - b.maxLatency };
  }
  return null;
}

/** The refusal the caller reads: the limit, the usage, the plan, and what to do. */
export function budgetRefusal(a: ActivePlan, toolName: string, cost: number, x: BudgetExcess): ToolFailure {
  const id = a.plan.planId;
  const what =
    x.dimension === 'maxToolCalls'
      ? `it would be call ${x.actual} of a plan whose maxToolCalls is ${x.limit} (${a.calls} made)`
      : x.dimension === 'maxCost'
        ? `it costs ${cost} units and the plan has used ${round(a.cost)} of its maxCost of ${x.limit}`
        : `the plan's maxLatency of ${x.limit} ms ran out ${x.over} ms ago (${x.actual} ms since it was declared)`;
  return fail(
    'budget_exceeded',
    `${toolName} was refused: ${what}. Plan ${id} is in enforce mode; answer with what you have, or replan ` +
      'with update_tool_call_plan (a reason and a new budget) if the work must go on.',
    { plan_id: id, exceeded: x },
  );
}
