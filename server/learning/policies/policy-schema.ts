import { z } from 'zod';
import { STRATEGIES, type ExploitExplorePolicy } from '../../../lib/exploit-explore.ts';

/** Defaults applied when a policy leaves a field out. */
export const POLICY_DEFAULTS = {
  /** EpsilonGreedy: probability of a uniformly random arm. */
  explorationRate: 0.1,
  /** UCB: the exploration constant c in mean + c·sqrt(2 ln N / n); 1 is plain UCB1. */
  temperature: 1,
  /** Accepted and ignored; see below. */
  preferGeneralMethods: false,
  /** Success probability the slowest known-latency arm gives up against the fastest. */
  latencyWeight: 0.1,
  /**
   * Measured accuracy below which an arm is never chosen (eligibleArms, utility.ts). 0.8 = at most
   * one word in five misheard: the hosted transcription backends measure 1.0 on the demo calibration
   * set, pocketsphinx about 0.5 (server/learning/accuracy).
   */
  accuracyFloor: 0.8,
} as const;

const policyObject = z.object({
  strategy: z.enum(STRATEGIES),
  /** In [0, 1]; used by EpsilonGreedy only. */
  explorationRate: z.number().min(0).max(1).default(POLICY_DEFAULTS.explorationRate),
  /**
   * ≥ 0; used by UCB only, as its exploration constant c (0 makes UCB greedy on the empirical
   * mean once every arm is tried). The spec names it for softmax strategies; none is offered.
   */
  temperature: z.number().min(0).default(POLICY_DEFAULTS.temperature),
  /**
   * The spec's BLP flag. It has no meaning for one capability choice: the arms are alternative
   * skills for the same capability and carry no generality signal, so the flag never changes a
   * choice. Accepted so a spec policy parses unchanged.
   */
  preferGeneralMethods: z.boolean().default(POLICY_DEFAULTS.preferGeneralMethods),
  /** ≥ 0; 0 ignores latency. See latencyCosts (utility.ts). */
  latencyWeight: z.number().min(0).default(POLICY_DEFAULTS.latencyWeight),
  /** In [0, 1]; 0 lets every measured arm through. See eligibleArms (utility.ts). */
  accuracyFloor: z.number().min(0).max(1).default(POLICY_DEFAULTS.accuracyFloor),
});

/** A policy with every default applied. */
export type ResolvedPolicy = z.output<typeof policyObject>;

/**
 * Validates an `ExploitExplorePolicy` and fills defaults (POLICY_DEFAULTS). Unknown keys are
 * stripped, so a spec policy with extra fields parses.
 */
export const exploitExplorePolicySchema: z.ZodType<ExploitExplorePolicy> = policyObject;

/** Parse with defaults applied, typed as complete. Throws a ZodError on an invalid policy. */
export const resolvePolicy = (policy: ExploitExplorePolicy): ResolvedPolicy => policyObject.parse(policy);
