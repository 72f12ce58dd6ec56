import { z } from 'zod';
import { comparePolicies } from '../../learning/policy-compare/compare.ts';
import { STRATEGIES } from '../../learning/policies/index.ts';
import { learning } from '../../learning/services.ts';
import { policyComparisonSchema } from '../../../lib/planning/schemas.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';

const instant = z.iso.datetime({ offset: true }).max(64);

/**
 * "Policies compared" (issue 17): the explore/exploit strategies compared on this deployment's own
 * recorded skill uses (server/learning/policy-compare/README.md) — an offline replay over the
 * knowledge graph's history, or the live split's recorded decisions (DCF_POLICY_SPLIT). Read-only.
 */
export const comparePoliciesTool = defineTool({
  name: 'compare_policies',
  description: [
    "Compare the skill-choice strategies (Greedy, EpsilonGreedy, UCB, ThompsonSampling) on this deployment's",
    'recorded skill uses from the knowledge graph: `offline_replay` replays each strategy over the history (Li et al.',
    '2011: a decision counts only when the strategy picks the skill that was used); `live_split` reports the decisions',
    'a live split (DCF_POLICY_SPLIT) recorded. Per strategy: decisions counted, success rate, mean regret against the',
    'best skill in hindsight and mean latency; `method` says how the figures were made and how far to trust them.',
  ].join(' '),
  readOnly: true,
  input: z.strictObject({
    source: z
      .enum(['offline_replay', 'live_split'])
      .describe("offline_replay (the history replayed) or live_split (the split's recorded decisions)."),
    since: instant.optional().describe('First instant of the history (ISO date-time, offset); default: the first use.'),
    until: instant.optional().describe('Last instant of the history (ISO date-time, offset); default: the last use.'),
    capability: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('Compare on this capability\'s skill uses only (e.g. "transcription"); default: every capability.'),
    strategies: z
      .array(z.enum(STRATEGIES))
      .min(1)
      .max(STRATEGIES.length)
      .refine((s) => new Set(s).size === s.length, { message: 'each strategy at most once' })
      .default([...STRATEGIES])
      .describe('The strategies to compare; default all four.'),
    seed: z.number().int().min(0).max(0xffff_ffff).default(1).describe("The offline replay's random seed (default 1)."),
  }),
  output: policyComparisonSchema,
  async handler(args, { services }) {
    if (args.since && args.until && Date.parse(args.since) > Date.parse(args.until)) {
      return fail('invalid_input', `since (${args.since}) is after until (${args.until})`);
    }
    const l = await learning(services);
    if (isFailure(l)) return l;
    const input = {
      ...args,
      since: args.since ?? null,
      until: args.until ?? null,
      capability: args.capability ?? null,
    };
    try {
      return ok(await comparePolicies(l.graph, input, services.config.policySplit));
    } catch (err) {
      // An unreachable graph store (Neo4j down) is an expected failure; anything else is a bug and propagates.
      if (
        await l.graph.ping().then(
          () => true,
          () => false,
        )
      )
        throw err;
      const why = err instanceof Error ? err.message : String(err);
      return fail('unavailable', `the knowledge graph cannot be reached: ${why}`);
    }
  },
});
