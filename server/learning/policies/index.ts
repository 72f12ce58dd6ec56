/**
 * Skill choice under uncertainty: pure exploit/explore policies over alternative skills (arms)
 * with knowledge-graph counts. See choose.ts for the entry point and types.ts for the contracts.
 */
export type { Arm, Choice, ExploitExplorePolicy, Random, StrategyName } from '../../../lib/exploit-explore.ts';
export { STRATEGIES } from '../../../lib/exploit-explore.ts';
export { chooseArm } from './choose.ts';
export { exploitExplorePolicySchema, resolvePolicy, POLICY_DEFAULTS, type ResolvedPolicy } from './policy-schema.ts';
export { seededRandom } from './random.ts';
export { sampleBeta, sampleGamma, sampleNormal } from './beta.ts';
export { accuracyWeight, eligibleArms, latencyCosts, posteriorMean } from './utility.ts';
export { simulate, type Bandit, type BanditRun } from './simulate.ts';
