import type { ResolvedPolicy } from './policy-schema.ts';
import type { Arm, Choice, Random } from '../../../lib/exploit-explore.ts';

/**
 * One strategy's decision rule. Called by chooseArm with validated, non-empty arms, a policy with
 * defaults applied, each arm's latency cost (same order as `arms`) and the random source — the
 * only source of randomness it may use.
 */
export type Strategy = (arms: Arm[], policy: ResolvedPolicy, costs: number[], random: Random) => Choice;
