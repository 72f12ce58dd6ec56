import { MODEL_RECORD } from '../contracts/planning/intent-fit.ts';
import type { BudgetUsage, ToolCallPlan, ToolCallRecord } from '../../lib/planning/schemas.ts';

/**
 * A plan's use of its budget (schemas.ts ResourceBudget): tool calls are the records that ran
 * (not model steps, not refusals); latency runs from the declaration to the last record's end;
 * cost is the units of every record but refusals (a refused call ran nothing; its record keeps
 * the units it would have cost, which the sentinel weighs); model tokens are the model records'
 * units (one unit a token). Sums are rounded to six decimals (0.1 + 0.2 is 0.3).
 */
export function usageOf(plan: Pick<ToolCallPlan, 'created_at'>, records: readonly ToolCallRecord[]): BudgetUsage {
  let toolCalls = 0;
  let cost = 0;
  let tokens = 0;
  let lastEnd = Date.parse(plan.created_at);
  const start = lastEnd;
  for (const r of records) {
    if (r.status === 'refused') continue;
    cost += r.cost_units;
    if (r.tool_name === MODEL_RECORD) tokens += r.cost_units;
    else toolCalls++;
    if (r.ended_at) lastEnd = Math.max(lastEnd, Date.parse(r.ended_at));
  }
  const costUnits = Math.round(cost * 1e6) / 1e6;
  return { tool_calls: toolCalls, latency_ms: lastEnd - start, cost_units: costUnits, model_tokens: tokens };
}
