import type { KnowledgeGraph, RecordedSkillUse } from '../../graph/port.ts';
import type { PolicyComparison } from '../../../lib/planning/schemas.ts';
import { POLICY_DEFAULTS, type StrategyName } from '../policies/index.ts';
import { capabilityHistories, historyDecisions } from './history.ts';
import { liveSplitFigures } from './live-split.ts';
import { offlineReplay } from './replay.ts';
import type { PolicySplit } from './split.ts';

/**
 * What to compare: the source, the window (null bounds: open), one capability or every one (null),
 * the strategies, the replay's seed.
 */
export interface ComparePoliciesInput {
  source: PolicyComparison['source'];
  since: string | null;
  until: string | null;
  capability: string | null;
  strategies: readonly StrategyName[];
  seed: number;
}

/**
 * The E/E strategies compared on this deployment's recorded outcomes (issue 17, "Policies
 * compared"; README.md): the knowledge graph's skill uses in the window, then the offline replay or
 * the live split's figures. `split` is the deployment's DCF_POLICY_SPLIT (null: off), named in the method.
 */
export async function comparePolicies(
  graph: KnowledgeGraph,
  input: ComparePoliciesInput,
  split: PolicySplit | null,
): Promise<PolicyComparison> {
  return comparePoliciesOver(await graph.skillUses(input.since, input.until), input, split);
}

/** The comparison over uses already read (in time order). Pure. */
export function comparePoliciesOver(uses: RecordedSkillUse[], input: ComparePoliciesInput, split: PolicySplit | null): PolicyComparison {
  // A capability's history is its own (history.ts), so keeping one leaves its figures as they are among all.
  const histories = capabilityHistories(uses).filter((h) => input.capability === null || h.capability === input.capability);
  const strategies =
    input.source === 'offline_replay'
      ? offlineReplay(histories, input.strategies, input.seed).figures
      : liveSplitFigures(histories, input.strategies);
  const history_decisions = historyDecisions(histories);
  const context = { ...input, history_decisions, capabilities: histories.length, split };
  return {
    source: input.source,
    since: input.since,
    until: input.until,
    history_decisions,
    capabilities: histories.map((h) => h.capability),
    strategies,
    method: input.source === 'offline_replay' ? replayMethod(context) : liveSplitMethod(context),
  };
}

interface MethodContext extends ComparePoliciesInput {
  history_decisions: number;
  capabilities: number;
  split: PolicySplit | null;
}

const window = (c: MethodContext) => `from ${c.since ?? 'the first recorded use'} to ${c.until ?? 'the last'}`;

const scope = (c: MethodContext) =>
  c.capability === null
    ? `${c.capabilities} capabilities with two or more skills used`
    : `the capability ${c.capability}${c.capabilities ? '' : ' (fewer than two skills used: nothing to compare)'}`;

const history = (c: MethodContext) =>
  `${c.history_decisions} decisions (the skill uses of ${scope(c)}, ${window(c)}; ` +
  "caller errors skipped: the caller's input, not the skill, was at fault)";

const regret = [
  'regret per decision = the empirical success rate of the best skill in hindsight',
  "(over the capability's whole history in the window) minus the chosen skill's",
].join(' ');

function replayMethod(c: MethodContext): string {
  const p = POLICY_DEFAULTS;
  return [
    `Offline replay (Li et al. 2011) over ${history(c)}.`,
    "Each strategy walks each capability's uses in time order and, at each, chooses a skill from the counts",
    'and mean latency it has learnt so far; the decision counts only when its choice equals the logged skill,',
    'whose outcome then updates its counts. Success rate and mean latency are over counted decisions;',
    `${regret}. Default parameters (EpsilonGreedy explorationRate ${p.explorationRate}, UCB c ${p.temperature},`,
    `latencyWeight ${p.latencyWeight}); seed ${c.seed}, one random stream per strategy and capability.`,
    'Indicative only: the evaluator is unbiased when the logged choices were uniformly random; these were made',
    "by the workflows' bindings and the swap policy (DCF_SKILL_POLICY), so a strategy that agrees with that",
    'policy is counted more often, and on the skills it favoured.',
  ].join(' ');
}

function liveSplitMethod(c: MethodContext): string {
  const split = c.split
    ? `DCF_POLICY_SPLIT is ${c.split[0]},${c.split[1]}: each swap decision goes to one of the two by a hash of its ` + 'run and state.'
    : 'DCF_POLICY_SPLIT is not set now: only decisions recorded while a split was on are counted.';
  return [
    `Live split over ${history(c)}. ${split}`,
    'Per strategy: the uses of the skills its swap decisions chose, as recorded with each use; success rate',
    `and mean latency over those uses; ${regret}. A strategy that made no recorded decision has none.`,
  ].join(' ');
}
