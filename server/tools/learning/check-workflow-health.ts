import { z } from 'zod';
import { checkWorkflowHealth } from '../../learning/health.ts';
import { FAILURE_THRESHOLD } from '../../learning/health-thresholds.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning, skillDirectory } from '../../learning/services.ts';
import { workflowIdIn, versionIn } from './version-out.ts';

/** Spec §4.4 (proactive healing): find unreliable skills of a saved version and propose a patch version. */
export const checkWorkflowHealthTool = defineTool({
  name: 'check_workflow_health',
  description:
    'Check a saved workflow version against the knowledge graph: skills whose recent failure rate ' +
    'exceeds the threshold (default 5%), each with a better alternative of the same capability; and ' +
    '(review_findings) bound skill versions whose outputs QA reviewers override often. When there is ' +
    'one, a new patch version that swaps the bindings is proposed and stored as pending — accept it with ' +
    'accept_workflow_update; nothing is overwritten.',
  readOnly: false,
  input: z.object({
    workflow_id: workflowIdIn,
    version: versionIn.optional().describe('Default: the published version, or the highest saved when none is published.'),
    threshold: z.number().min(0).max(1).default(FAILURE_THRESHOLD),
    window_days: z.number().positive().default(7),
    last_runs: z.number().int().positive().default(50),
    override_threshold: z
      .number()
      .min(0)
      .max(1)
      .default(0.2)
      .describe('Flag a bound skill version whose outputs QA reviewers override more often than this.'),
  }),
  output: z.object({
    workflow_id: z.string(),
    version: z.string(),
    healthy: z.boolean(),
    threshold: z.number(),
    findings: z.array(
      z.object({
        skill: z.string(),
        states: z.array(z.string()),
        failure_rate: z.number(),
        uses: z.number(),
        alternative: z.object({ skill: z.string(), failure_rate: z.number().nullable(), uses: z.number() }).nullable(),
      }),
    ),
    review_findings: z
      .array(
        z.object({
          skill: z.string(),
          states: z.array(z.string()),
          decisions: z.number(),
          overridden: z.number(),
          override_rate: z.number(),
        }),
      )
      .describe('Bound skill versions whose verdicts or scores QA reviewers override often (at least 5 current decisions).'),
    proposal: z
      .object({ proposal_id: z.string(), new_version: z.string(), reason: z.string(), document: z.record(z.string(), z.unknown()) })
      .nullable(),
  }),
  async handler(args, { services }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const r = await checkWorkflowHealth(l.db, l.graph, await skillDirectory(services), args, {
      threshold: args.threshold,
      window: { days: args.window_days, lastRuns: args.last_runs },
      overrideThreshold: args.override_threshold,
    });
    if (!r) return fail('not_found', `no saved workflow ${args.workflow_id}${args.version ? `@${args.version}` : ''}`);
    const p = r.proposal;
    return ok({ ...r, proposal: p ? { proposal_id: p.id, new_version: p.newVersion, reason: p.reason, document: p.document } : null });
  },
});
