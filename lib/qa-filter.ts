import { z } from 'zod';

/**
 * The QA queue's triage filter: what `list_qa_results`, the `/qa` page (its URL) and a saved
 * filter all hold. Every field narrows the list; absent fields do not. Dates are call dates
 * (YYYY-MM-DD, Europe/London days, inclusive).
 * In lib/ (moved from server/contracts, issue 31): pure zod the `/qa` page and the saved-filter column both hold, so
 * the database adapter needs no import from contracts, which sit above it.
 */
const day = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const QA_REVIEW_STATES = ['unreviewed', 'in_review', 'awaiting_second_signoff', 'signed_off'] as const;
export const QA_SORTS = ['call_at', 'score', 'advisor', 'failed_mandatory'] as const;

export const qaFilterSchema = z
  .object({
    score_below: z
      .number()
      .min(0)
      .max(1000)
      .optional()
      .describe('Only calls whose score (the reviewed score where there is one, else the AI score) is below this value.'),
    failed_mandatory: z
      .boolean()
      .optional()
      .describe('Only calls that failed at least one mandatory rule as reviewed (true), or none (false).'),
    vulnerable: z.boolean().optional().describe('Only calls with (true) or without (false) a vulnerable-customer flag.'),
    review_status: z
      .array(z.enum(QA_REVIEW_STATES))
      .min(1)
      .max(QA_REVIEW_STATES.length)
      .optional()
      .describe('Only calls in one of these review states.'),
    overridden: z.boolean().optional().describe('Only calls where a reviewer overrode the AI (true), or did not (false).'),
    advisor: z.string().trim().min(1).max(200).optional().describe('Advisor name (exact, case-insensitive).'),
    team: z.string().trim().min(1).max(200).optional(),
    product: z.string().trim().min(1).max(200).optional(),
    rule_id: z.string().trim().min(1).max(100).optional().describe('Only calls that failed this rule (as reviewed).'),
    reanalysed_after_signoff: z
      .boolean()
      .optional()
      .describe('Only signed-off calls that a later analysis found, awaiting a reviewer to adopt or keep (true), or not (false).'),
    test_run: z
      .boolean()
      .optional()
      .describe('List the analyses of test runs of unpublished workflow versions instead of the queue (kept apart from it).'),
    from: day.optional().describe('Calls on or after this day.'),
    to: day.optional().describe('Calls on or before this day.'),
    call_id: z.string().trim().min(1).max(100).optional().describe('One call (recording id).'),
    run_id: z.string().trim().min(1).max(100).optional().describe('The calls one run analysed.'),
    include_earlier: z.boolean().optional().describe('Also list earlier analyses of a call (default: newest only).'),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'from is after to', path: ['from'] });
export type QaFilter = z.infer<typeof qaFilterSchema>;

export const qaSortSchema = z.object({
  by: z.enum(QA_SORTS).default('call_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type QaSort = z.infer<typeof qaSortSchema>;
