/**
 * Skill choice under uncertainty (DRR tool-call planning, `ExploitExplorePolicy`): the shapes a
 * policy reads and returns. Pure data; no I/O anywhere in this folder.
 */

/**
 * One alternative (a bandit arm): a skill (`skill://` URI) with its all-time counts from the
 * knowledge graph. `latency_ms` is the graph's mean or p95 latency; null/undefined when unknown.
 * Counts must be finite and ≥ 0 (they may be fractional, e.g. decayed counts).
 */
export interface Arm {
  id: string;
  successes: number;
  failures: number;
  latency_ms?: number | null;
}

export const STRATEGIES = ['Greedy', 'EpsilonGreedy', 'UCB', 'ThompsonSampling'] as const;
export type StrategyName = (typeof STRATEGIES)[number];

/**
 * The spec's policy plus `latencyWeight` (our addition). Defaults and meanings are documented on
 * `exploitExplorePolicySchema` (policy-schema.ts).
 */
export interface ExploitExplorePolicy {
  strategy: StrategyName;
  explorationRate?: number;
  temperature?: number;
  preferGeneralMethods?: boolean;
  latencyWeight?: number;
}

/**
 * A decision and its evidence.
 * - `arm`: the chosen arm's id.
 * - `explored`: the choice deviates from exploitation — EpsilonGreedy took its random branch;
 *   UCB picked an untried arm or an arm other than Greedy's; ThompsonSampling's sample picked an
 *   arm other than Greedy's. Always false for Greedy.
 * - `scores`: every arm's score under the strategy (utility, upper bound, or sample, each minus
 *   latency cost); UCB scores an untried arm `Infinity` (JSON renders that as null).
 * - `rationale`: one sentence naming the numbers behind the choice.
 */
export interface Choice {
  arm: string;
  strategy: StrategyName;
  explored: boolean;
  scores: Record<string, number>;
  rationale: string;
}

/** A uniform random source on [0, 1), like `Math.random`. */
export type Random = () => number;
