import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { callCrmDirectory, crmDate, crmName, skillSummary } from './crm-directory.ts';

const counts = z.object({
  calls: z.number().int(),
  applications: z.number().int(),
  by_advisor: z.array(z.object({ name: z.string(), calls: z.number().int(), recorded_in_period: z.number().int() })),
  unknown_advisors: z.array(z.string()),
  recorded_in_period: z
    .number()
    .int()
    .describe(
      "Calls recorded in the period (London days), whatever day their application was opened: what the QA queue's call dates count.",
    ),
  earliest_opened: z.string().nullable().describe('The earliest opening day of the applications of those calls.'),
});

/**
 * The check before a run (issue 15: "unknown advisor, empty or reversed period, no calls in the
 * period → a clear question, no run"): how many calls a review over the period would analyse.
 * Unknown names come back in `unknown_advisors`; a reversed period is `invalid_input`.
 */
export const countCallsTool = defineTool({
  name: 'count_calls',
  description: [
    'Count the advice calls a review over a period would analyse: the calls of the applications opened between start_date',
    "and end_date (inclusive), per advisor — the named advisors (of the team, when both are given), else the team's, else",
    "everyone's — optionally of one product. Names match exactly in any case; unknown names are listed in",
    'unknown_advisors, not an error. Also the calls recorded in the period (recorded_in_period, by call date, as the QA',
    'queue counts) and the earliest opening day of their applications. A start after the end is invalid_input; an unknown',
    'team or product is not_found.',
  ].join(' '),
  readOnly: true,
  input: z.object({
    advisor_names: z.array(crmName).min(1).max(100).optional().describe('Full names of advisors; omit for every advisor.'),
    team: crmName.optional(),
    product: crmName.optional(),
    start_date: crmDate.describe('First day of the period (YYYY-MM-DD).'),
    end_date: crmDate.describe('Last day of the period (YYYY-MM-DD).'),
  }),
  output: counts.extend({ summary: skillSummary }),
  async handler(args, { services }) {
    // Only the fields given: the skill tells "every advisor" from an empty list by absence.
    const given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
    const r = await callCrmDirectory<z.infer<typeof counts>>(services, 'count_calls', given);
    if (isFailure(r)) return r;
    const { calls, applications, by_advisor, unknown_advisors, recorded_in_period, earliest_opened } = r.data;
    return ok({ calls, applications, by_advisor, unknown_advisors, recorded_in_period, earliest_opened, summary: r.summary });
  },
});
