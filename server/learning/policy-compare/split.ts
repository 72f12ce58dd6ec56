import { createHash } from 'node:crypto';
import type { StrategyName } from '../policies/index.ts';

/** DCF_POLICY_SPLIT: the two strategies that share the swap decisions (server/config.ts). */
export type PolicySplit = readonly [StrategyName, StrategyName];

/**
 * The strategy of a live split that makes the swap decision of one state of one run: the first or
 * the second of `split` by the lowest bit of sha256(run id, NUL, state). Deterministic — the same
 * run and state always go to the same strategy, so a redelivered decision is not split twice — and
 * even over many runs. `state` is the Task instance's name (a Map iteration's own).
 */
export function splitStrategy(split: PolicySplit, runId: string, state: string): StrategyName {
  const digest = createHash('sha256').update(runId).update('\u0000').update(state).digest();
  return split[digest[0]! & 1]!;
}
