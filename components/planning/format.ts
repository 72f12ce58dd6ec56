import { ukDate, ukTime } from '@/lib/uk-time';
import type { PlanPolicy, SentinelMode, ToolCallPlan, UnitKind } from '@/lib/planning/schemas';

/**
 * How the planning views write plans, calls and costs (pure): en-GB numbers, times in
 * Europe/London (lib/uk-time.ts), resource units as the contract counts them (dimensionless; a
 * model's token is one unit).
 */
const UNITS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-GB');

/** "1 unit", "12.5 units", "1,200 units". */
export const unitsText = (n: number) => `${UNITS.format(n)} ${n === 1 ? 'unit' : 'units'}`;

/** "1 call", "3 calls" (any noun with a regular plural). */
export const countOf = (n: number, one: string, many = `${one}s`) => `${COUNT.format(n)} ${n === 1 ? one : many}`;

/** A call's start as a reader needs it: "8 Jul 2024, 10:00:03" (London time, to the second). */
export const callTime = (iso: string) => `${ukDate(iso)}, ${ukTime(iso)}`;

/** A plan's id as people quote it: its first eight hex digits. */
export const shortId = (planId: string) => planId.slice(0, 8);

const STRATEGY_NAMES: Record<PlanPolicy['strategy'], string> = {
  Greedy: 'Greedy (always the best-known option)',
  EpsilonGreedy: 'Epsilon-greedy (mostly the best-known option, sometimes another)',
  UCB: 'UCB (the option with the highest upper confidence bound)',
  ThompsonSampling: 'Thompson sampling (options in proportion to their chance of being best)',
};

/** The plan's explore/exploit policy in words, with its parameters and the bitter-lesson flag. */
export function policyText(p: PlanPolicy): string {
  const params = [
    p.explorationRate !== undefined ? `exploration rate ${UNITS.format(p.explorationRate)}` : null,
    p.temperature !== undefined ? `temperature ${UNITS.format(p.temperature)}` : null,
    p.preferGeneralMethods ? 'prefers general methods' : 'general methods not required',
  ].filter(Boolean);
  return `${STRATEGY_NAMES[p.strategy]}; ${params.join(', ')}`;
}

/** The strategy's short name: "Epsilon-greedy". */
export const strategyName = (s: PlanPolicy['strategy']) => STRATEGY_NAMES[s].replace(/ \(.*$/, '');

export const MODE_TEXT: Record<SentinelMode, { label: string; hint: string }> = {
  report: { label: 'Report', hint: 'The sentinel records what goes over budget or off plan; nothing is refused.' },
  enforce: {
    label: 'Enforce',
    hint: 'A call that would go over the budget is refused and the agent ends with its answer.',
  },
};

/** Who declared the plan, in words. */
export const declaredByText = (p: Pick<ToolCallPlan, 'declared_by'>) =>
  p.declared_by === 'agent' ? 'Declared by the agent' : 'Declared by the runtime (the agent declared no plan)';

const UNIT_NAMES: Record<UnitKind, string> = {
  chat_turn: 'Chat turn',
  delegation: 'Delegation',
  companion_task: 'Companion task',
  workflow_run: 'Workflow run',
};

/** What the plan is for: "Chat turn", "Workflow run · state Transcribe". */
export function unitText(unit: ToolCallPlan['unit']): string {
  return unit.state ? `${UNIT_NAMES[unit.kind]} · state ${unit.state}` : UNIT_NAMES[unit.kind];
}

export const STATE_TONES: Record<ToolCallPlan['executionState'], 'ok' | 'bad' | 'info' | 'neutral'> = {
  Planned: 'neutral',
  InProgress: 'info',
  Complete: 'ok',
  Failed: 'bad',
  Replaced: 'neutral',
};

export const STATE_LABELS: Record<ToolCallPlan['executionState'], string> = {
  Planned: 'Planned',
  InProgress: 'In progress',
  Complete: 'Complete',
  Failed: 'Failed',
  Replaced: 'Replaced',
};
