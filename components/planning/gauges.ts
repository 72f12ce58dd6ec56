import { msText } from '@/lib/duration-text';
import type { BudgetUsage, ResourceBudget } from '@/lib/planning/schemas';
import { countOf, unitsText } from './format';

/**
 * A plan's budget gauges (pure): calls, time and cost against the plan's ResourceBudget. A
 * dimension without a limit shows what was used and "no limit" — never a full bar, which would
 * read as "at the limit". Over the limit, the gauge says by how much, in the dimension's unit.
 */
export type GaugeDimension = 'maxToolCalls' | 'maxLatency' | 'maxCost';

export interface BudgetGauge {
  dimension: GaugeDimension;
  label: string;
  used: string;
  /** "of 3 calls"; "no limit". */
  limit: string;
  /** Share of the limit used, clamped to 0…1; null without a limit. */
  fraction: number | null;
  /** The amount over the limit in words ("1 call over"); null within it or without a limit. */
  over: string | null;
  tone: 'ok' | 'warn' | 'bad' | 'none';
}

/** At or above this share of a limit the gauge warns before it goes over. */
export const NEAR_LIMIT = 0.8;

type Writer = { label: string; text: (n: number) => string; used: (u: BudgetUsage) => number };
const WRITE: Record<GaugeDimension, Writer> = {
  maxToolCalls: { label: 'Tool calls', text: (n) => countOf(n, 'call'), used: (u) => u.tool_calls },
  maxLatency: { label: 'Time', text: (n) => msText(n), used: (u) => u.latency_ms },
  maxCost: { label: 'Cost', text: (n) => unitsText(n), used: (u) => u.cost_units },
};

export function budgetGauges(budget: ResourceBudget, usage: BudgetUsage): BudgetGauge[] {
  return (Object.keys(WRITE) as GaugeDimension[]).map((dimension) => {
    const w = WRITE[dimension];
    const used = w.used(usage);
    const limit = budget[dimension];
    if (limit === undefined) {
      const none = { limit: 'no limit', fraction: null, over: null, tone: 'none' } as const;
      return { dimension, label: w.label, used: w.text(used), ...none };
    }
    const share = limit === 0 ? (used > 0 ? Infinity : 0) : used / limit;
    const overBy = Math.round((used - limit) * 1e6) / 1e6;
    return {
      dimension,
      label: w.label,
      used: w.text(used),
      limit: `of ${w.text(limit)}`,
      fraction: Math.min(1, share),
      over: overBy > 0 ? `${w.text(overBy)} over` : null,
      tone: overBy > 0 ? 'bad' : share >= NEAR_LIMIT ? 'warn' : 'ok',
    };
  });
}
