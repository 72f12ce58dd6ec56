import { z } from 'zod';
import { qaFilterSchema } from '../../../lib/qa-filter.ts';
import { QA_GROUPS, QA_SUMMARY_ORDERS, qaGroupSchema, summariseQaResults } from '../../qa/summary.ts';
import { defineTool } from '../define-tool.ts';
import { ARG_LIMITS } from '../limits.ts';
import { ok } from '../../tool-result.ts';
import { isToolFailure, qaDb } from './qa-db.ts';

/**
 * Stored QA results per advisor, team, product, rule or week (server/qa/summary.ts): what answers
 * "which advisor has the lowest QA score?" (group_by advisor, order mean_score_asc, limit 1) and
 * "which rule fails most?" (group_by rule) without running anything.
 */
export const summariseQaResultsTool = defineTool({
  name: 'summarise_qa_results',
  description: [
    'Summarise stored QA results per advisor, team, product, rule or week, over the calls list_qa_results lists for the',
    'same filter (the newest analysis of each call by default). Each group: calls, scored, mean_score and min_score',
    '(per-call scores: the reviewed score where a reviewer decided, else the AI score), failed_mandatory ' +
      'and vulnerable (call counts), fails (calls failing at least one rule; for',
    'rule: calls failing that rule, over the calls it applied to). Order by mean_score_asc/_desc, fails_desc or',
    'calls_desc (default: by key; rules by fails_desc). group_by all: one group over the whole filter. rule_ids: only failures',
    'of those rules count in fails (calls failing at least one of them) and rule_fails (their failures); rule groups carry the',
    "rule's category and mandatory flag as stored. `what` says what the figures are.",
  ].join(' '),
  readOnly: true,
  input: z.object({
    filter: qaFilterSchema.default({}),
    group_by: z.enum(QA_GROUPS),
    order: z.enum(QA_SUMMARY_ORDERS).optional(),
    limit: z.number().int().min(1).max(1000).default(100).describe('At most this many groups (total_groups counts them all).'),
    rule_ids: z
      .array(z.string().trim().min(1).max(ARG_LIMITS.id))
      .min(1)
      .max(ARG_LIMITS.items)
      .optional()
      .describe('Count only failures of these rules (e.g. the rules of one topic).'),
  }),
  output: z.object({
    groups: z.array(qaGroupSchema),
    total_groups: z.number().int(),
    total_calls: z.number().int().describe('Calls the filter matches, each counted once.'),
    what: z.string(),
  }),
  async handler(args, { services }) {
    const db = await qaDb(services);
    if (isToolFailure(db)) return db;
    return ok(await summariseQaResults(db, args));
  },
});
