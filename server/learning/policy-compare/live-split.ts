import { STRATEGIES, type StrategyName } from '../policies/index.ts';
import { countDecision, emptyTally, strategyFigures, type StrategyFigures } from './figures.ts';
import type { CapabilityHistory } from './history.ts';

/**
 * The live split's figures (README.md): with DCF_POLICY_SPLIT set, each swap decision was made by
 * one of two strategies (server/learning/policy-compare/split.ts) and the use of the skill it chose
 * carries that strategy in the graph. Per strategy: the outcomes of the skills it chose, with regret
 * against the best arm in hindsight of the capability's history in the same window. A use recorded
 * with a name that is no strategy is not counted.
 */
export function liveSplitFigures(histories: CapabilityHistory[], strategies: readonly StrategyName[]): StrategyFigures[] {
  const tallies = new Map(strategies.map((s) => [s, emptyTally()]));
  for (const h of histories) {
    for (const use of h.uses) {
      const tally = isStrategy(use.strategy) ? tallies.get(use.strategy) : undefined;
      if (tally) countDecision(tally, use, h);
    }
  }
  return strategies.map((s) => strategyFigures(s, tallies.get(s)!));
}

const isStrategy = (name: string | null): name is StrategyName => (STRATEGIES as readonly (string | null)[]).includes(name);
