import type { RecordedSkillUse } from '../../graph/port.ts';
import type { StrategyName } from '../policies/index.ts';
import type { PolicyComparison } from '../../../lib/planning/schemas.ts';
import type { CapabilityHistory } from './history.ts';

/** One strategy's figures, the shape of PolicyComparison's `strategies` (lib/planning/schemas.ts). */
export type StrategyFigures = PolicyComparison['strategies'][number];

/** What a strategy's counted decisions add up to, over every capability. */
export interface Tally {
  decisions: number;
  successes: number;
  /** Sum of per-decision regret. */
  regret: number;
  latency_sum: number;
  /** Counted decisions with a known latency. */
  latency_n: number;
}

export const emptyTally = (): Tally => ({ decisions: 0, successes: 0, regret: 0, latency_sum: 0, latency_n: 0 });

/**
 * Counts one decision whose skill is `use.skill`: its outcome, its regret against the best arm in
 * hindsight (best rate − the chosen arm's rate, both over the capability's whole history) and its
 * latency when known.
 */
export function countDecision(t: Tally, use: RecordedSkillUse, h: CapabilityHistory): void {
  t.decisions += 1;
  if (use.outcome === 'success') t.successes += 1;
  t.regret += h.best_rate - h.rates.get(use.skill)!;
  if (use.latency_ms !== null) {
    t.latency_sum += use.latency_ms;
    t.latency_n += 1;
  }
}

/** Means over the counted decisions; null where there is nothing to average. */
export function strategyFigures(strategy: StrategyName, t: Tally): StrategyFigures {
  return {
    strategy,
    decisions: t.decisions,
    success_rate: t.decisions ? t.successes / t.decisions : null,
    regret: t.decisions ? t.regret / t.decisions : null,
    mean_latency_ms: t.latency_n ? t.latency_sum / t.latency_n : null,
  };
}
