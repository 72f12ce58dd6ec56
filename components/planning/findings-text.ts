import type { FindingType, SentinelFinding } from '@/lib/planning/schemas';
import { strategyName } from './format';

/**
 * The sentinel's findings in plain words (pure): what each type means, for the Findings page's
 * empty state and filter, and a line on the finding's detail beside the server's message.
 */
export const FINDING_TYPE_TEXT: Record<FindingType, { label: string; meaning: string }> = {
  BudgetExceeded: {
    label: 'Over budget',
    meaning: 'The plan used more tool calls, time or cost units than its budget allowed.',
  },
  PlanDeviation: {
    label: 'Off plan',
    meaning: 'The agent called a tool its plan did not declare, or skipped a step it declared.',
  },
  PolicyViolation: {
    label: 'Policy not followed',
    meaning: 'The agent chose a skill its declared explore/exploit policy would not have chosen.',
  },
  BLPViolation: {
    label: 'Special-case trick',
    meaning: 'The plan preferred general methods but the agent took a narrow, hand-made shortcut instead.',
  },
};

const DIMENSIONS = { maxToolCalls: 'tool calls', maxLatency: 'time (ms)', maxCost: 'cost units' } as const;

/** One line on what the finding rests on, beyond its message; null when the message says it all. */
export function findingDetailText(f: SentinelFinding): string | null {
  const d = f.detail;
  switch (d.type) {
    case 'BudgetExceeded':
      return (
        `${DIMENSIONS[d.exceeded.dimension]}: ${d.exceeded.actual} against a limit of ${d.exceeded.limit}` +
        (d.enforced ? '; the call was refused (enforce mode).' : '; recorded only (report mode).')
      );
    case 'PlanDeviation':
      return d.deviation === 'unplanned_call'
        ? `Called ${d.actual?.tool_name ?? 'a tool'}, which the plan did not declare.`
        : `Declared ${d.expected?.toolName ?? 'a step'}${d.expected?.skill ? ` (${d.expected.skill})` : ''}` + ' but never called it.';
    case 'PolicyViolation':
      return (
        `${strategyName(d.strategy)} for ${d.capability} would have chosen ${d.expected.join(' or ')}; ` + `the agent chose ${d.chosen}.`
      );
    case 'BLPViolation':
      return `Trick: ${d.trick}. General alternative: ${d.generalAlternative}.`;
  }
}

/** When the sentinel found it. */
export const whenText = (f: Pick<SentinelFinding, 'when'>) => (f.when === 'live' ? 'while the plan ran' : 'when the plan ended');
