import { chooseArm, seededRandom, type Arm, type Random, type StrategyName } from '../policies/index.ts';
import { countDecision, emptyTally, strategyFigures, type StrategyFigures, type Tally } from './figures.ts';
import type { CapabilityHistory } from './history.ts';
import { streamSeed } from './seed.ts';

/**
 * The offline replay (README.md; Li, Chu, Langford & Wang 2011, "Unbiased offline evaluation of
 * contextual-bandit-based news article recommendation algorithms"): a strategy walks a
 * capability's recorded uses in time order and, at each, chooses an arm from the counts it has
 * learnt so far. Only a choice that equals the logged skill counts: the logged outcome then
 * updates the strategy's counts and its figures. Any other choice is discarded with the use —
 * what the strategy's own choice would have done was never observed.
 */

/** One decision point of a replay: what was logged, what the strategy chose, whether it counted. */
export interface ReplayStep {
  run_id: string;
  seq: number;
  logged: string;
  chosen: string;
  counted: boolean;
}

/**
 * Replays one capability for one strategy, adding its counted decisions to `tally` (and every
 * decision point to `trace` when given). The strategy sees what the production swap sees
 * (skill-choice.ts rankAlternatives): each arm's successes and failures and its mean latency, here
 * all learnt from its own counted decisions only (none at the start), under the strategy's default
 * parameters (policies/policy-schema.ts POLICY_DEFAULTS).
 */
export function replayCapability(h: CapabilityHistory, strategy: StrategyName, random: Random, tally: Tally, trace?: ReplayStep[]): void {
  const arms: Arm[] = h.arms.map((id) => ({ id, successes: 0, failures: 0, latency_ms: null }));
  const byId = new Map(arms.map((a) => [a.id, a]));
  const latency = new Map(arms.map((a) => [a.id, { sum: 0, n: 0 }]));
  for (const use of h.uses) {
    const chosen = chooseArm(arms, { strategy }, random).arm;
    const counted = chosen === use.skill;
    trace?.push({ run_id: use.run_id, seq: use.seq, logged: use.skill, chosen, counted });
    if (!counted) continue;
    const arm = byId.get(use.skill)!;
    if (use.outcome === 'success') arm.successes += 1;
    else arm.failures += 1;
    if (use.latency_ms !== null) {
      const l = latency.get(use.skill)!;
      l.sum += use.latency_ms;
      l.n += 1;
      arm.latency_ms = l.sum / l.n;
    }
    countDecision(tally, use, h);
  }
}

export interface ReplayResult {
  figures: StrategyFigures[];
  /** Per strategy, per capability, every decision point (only when asked for). */
  traces?: Map<StrategyName, Map<string, ReplayStep[]>>;
}

/**
 * Every strategy replayed over every capability. Reproducible: each (strategy, capability) draws
 * from its own stream seeded by `seed` (seed.ts), so the same history and seed give the same figures.
 */
export function offlineReplay(
  histories: CapabilityHistory[],
  strategies: readonly StrategyName[],
  seed: number,
  options: { trace?: boolean } = {},
): ReplayResult {
  const traces = options.trace ? new Map<StrategyName, Map<string, ReplayStep[]>>() : undefined;
  const figures = strategies.map((strategy) => {
    const tally = emptyTally();
    for (const h of histories) {
      const trace = traces ? [] : undefined;
      replayCapability(h, strategy, seededRandom(streamSeed(seed, strategy, h.capability)), tally, trace);
      if (!traces || !trace) continue;
      const byCapability = traces.get(strategy) ?? traces.set(strategy, new Map()).get(strategy)!;
      byCapability.set(h.capability, trace);
    }
    return strategyFigures(strategy, tally);
  });
  return traces ? { figures, traces } : { figures };
}
