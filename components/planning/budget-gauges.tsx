import type { BudgetUsage, ResourceBudget } from '@/lib/planning/schemas';
import { budgetGauges, type BudgetGauge } from './gauges';

const BAR: Record<BudgetGauge['tone'], string> = {
  ok: 'bg-emerald-500',
  warn: 'bg-amber-500',
  bad: 'bg-red-600',
  none: 'bg-slate-300',
};

/**
 * The plan's budget as gauges: calls, time and cost against their limits. A gauge without a limit
 * says "no limit" and draws no bar; over the limit it turns red and says by how much, in words
 * (the colour is never the only signal).
 */
export function BudgetGauges({ budget, usage }: { budget: ResourceBudget; usage: BudgetUsage }) {
  const gauges = budgetGauges(budget, usage);
  return (
    <ul aria-label="Budget" className="grid gap-3 sm:grid-cols-3" data-testid="plan-gauges">
      {gauges.map((g) => (
        <li
          key={g.dimension}
          className="rounded-lg border border-slate-200 px-3 py-2"
          data-testid="plan-gauge"
          data-dimension={g.dimension}
          data-over={g.over ? 'true' : 'false'}
        >
          <div className="flex items-baseline justify-between gap-2 text-xs">
            <span className="font-medium text-slate-600">{g.label}</span>
            <span className={g.over ? 'font-semibold text-red-700' : 'text-slate-500'}>{g.over ?? g.limit}</span>
          </div>
          <p className="mt-0.5 text-sm font-semibold tabular-nums text-slate-900">
            {g.used} <span className="text-xs font-normal text-slate-500">{g.over ? g.limit : ''}</span>
          </p>
          {g.fraction === null ? null : (
            <div
              role="meter"
              aria-label={`${g.label} used`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(g.fraction * 100)}
              aria-valuetext={`${g.used} ${g.over ?? g.limit}`}
              className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
            >
              <div className={`h-full ${BAR[g.tone]}`} style={{ width: `${g.fraction * 100}%` }} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
