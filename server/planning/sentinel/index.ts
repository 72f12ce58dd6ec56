import { blpFindings } from './blp.ts';
import { budgetFindings } from './budget.ts';
import { skippedIntentFindings, unplannedCallFindings } from './deviation.ts';
import { epsilonFindings } from './epsilon.ts';
import { policyFindings } from './policy.ts';
import type { CheckTime, FindingDraft, SentinelInput } from './types.ts';

/**
 * The sentinel's rules (issue 17; DRR-005 "Sentinel Validation"): pure functions of one plan and
 * what was recorded against it — no I/O, no clock but `input.now`, no unseeded randomness — so
 * the same input always gives the same findings. The tracker (server/planning) calls
 * `liveFindings` after every call and `endFindings` when a plan ends, and records the drafts it
 * gets; `already` holds the keys recorded before, so each finding is recorded once.
 * The rules and their numbers: README.md in this folder.
 */

export type { FindingDraft, SentinelInput } from './types.ts';
export { findingKey } from './types.ts';
export { matchIntent, assignIntents, isBookkeeping, MODEL_TOOL, type CallToMatch } from './match.ts';
export { epsilonBound } from './epsilon.ts';
export { THOMPSON_DRAWS, THOMPSON_FLOOR, TIE_EPSILON } from './expectation.ts';

/** The checks both times run, in the order their findings are listed. */
function everyTime(input: SentinelInput, when: CheckTime): FindingDraft[] {
  return [
    ...budgetFindings(input, when),
    ...unplannedCallFindings(input, when),
    ...policyFindings(input, when),
    ...blpFindings(input, when),
  ];
}

/** Drafts whose key is not in `already`, each key once. */
function fresh(drafts: FindingDraft[], already: Set<string>): FindingDraft[] {
  const seen = new Set(already);
  const out: FindingDraft[] = [];
  for (const d of drafts) {
    if (seen.has(d.key)) continue;
    seen.add(d.key);
    out.push(d);
  }
  return out;
}

/**
 * During the plan: budgets (latency against `input.now`), unplanned calls, per-decision policy
 * checks (Greedy, UCB, Thompson) and BLP. `when: 'live'`.
 */
export function liveFindings(input: SentinelInput, already: Set<string>): FindingDraft[] {
  return fresh(everyTime(input, 'live'), already);
}

/**
 * When the plan ended: the live checks once more (latency to the last record's end), then the
 * checks only an ended plan allows — skipped intents and EpsilonGreedy's exploration over the
 * plan. `when: 'end'`.
 */
export function endFindings(input: SentinelInput, already: Set<string>): FindingDraft[] {
  return fresh([...everyTime(input, 'end'), ...skippedIntentFindings(input), ...epsilonFindings(input)], already);
}
