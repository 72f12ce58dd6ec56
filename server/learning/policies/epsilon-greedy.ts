import { greedyPick } from './greedy.ts';
import { fmt } from './rationale.ts';
import type { Strategy } from './strategy.ts';
import { scoreRecord } from './utility.ts';

/**
 * EpsilonGreedy: one draw u; if u < explorationRate, a second draw picks an arm uniformly
 * (`explored: true`, even when it happens to be the greedy arm — the flag records the branch);
 * otherwise Greedy. Scores are the greedy utilities either way. With a fixed rate it never stops
 * exploring, so its regret grows linearly (rate × mean gap per round) — the price of simplicity.
 */
export const epsilonGreedy: Strategy = (arms, policy, costs, random) => {
  const g = greedyPick(arms, costs);
  const scores = scoreRecord(arms, g.utilities);
  const u = random();
  const rate = policy.explorationRate;
  if (u < rate) {
    const k = Math.min(arms.length - 1, Math.floor(random() * arms.length));
    const best = arms[g.index]!;
    return {
      arm: arms[k]!.id,
      strategy: 'EpsilonGreedy',
      explored: true,
      scores,
      rationale:
        `EpsilonGreedy explored ${arms[k]!.id}, picked uniformly from ${arms.length} arms because the draw ` +
        `${fmt(u)} fell below explorationRate ${fmt(rate)} (its utility ${fmt(g.utilities[k]!)} against the ` +
        `greedy ${best.id} at ${fmt(g.utilities[g.index]!)}).`,
    };
  }
  return {
    arm: arms[g.index]!.id,
    strategy: 'EpsilonGreedy',
    explored: false,
    scores,
    rationale: `EpsilonGreedy exploited (draw ${fmt(u)} ≥ explorationRate ${fmt(rate)}) and chose ${g.reason}.`,
  };
};
