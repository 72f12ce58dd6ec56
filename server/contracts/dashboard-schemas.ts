import { z } from 'zod';

/**
 * The dashboard's contract (issue 16): the filter every widget takes and what each widget returns.
 * The data layer (server/dashboard/*.ts), the tools (server/tools/dashboard/), the tRPC procedures
 * (`dashboard.*`) and the page (components/dashboard/) all speak these shapes.
 *
 * Conventions:
 * - Call dates are the recordings' clock: `from`/`to` are Europe/London days (inclusive) of the
 *   calls. Absent, the period is the 12 weeks up to today (DCF_CLOCK when pinned, else the real
 *   clock); every answer says the period it used (`period`).
 * - A week is keyed by its Monday (Europe/London), YYYY-MM-DD, as summarise_qa_results does; weeks
 *   without calls are absent (the page shows the gap, it never draws a zero that was not measured).
 * - QA figures are over the newest analysis of each call (`latest`), as the QA queue lists them.
 * - Rates are 0…1 with three decimals, or null when nothing was counted; counts are integers.
 * - `what` says in words what the figures are (the page shows it under each chart; agents quote it).
 */
/** A calendar day: the pattern, and a day that exists (2024-02-30 is refused here, not by the database). */
const day = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, 'must be a day of the calendar');
const name = z.string().trim().min(1).max(200);
const count = z.number().int().min(0);
const rate = z.number().min(0).max(1).nullable();
const score = z.number().nullable();

export const dashboardFilterSchema = z
  .object({
    from: day.optional().describe('Calls on or after this day (Europe/London). Default: 12 weeks before `to`.'),
    to: day.optional().describe('Calls on or before this day. Default: today.'),
    advisor: name.optional().describe('One advisor (exact name, case-insensitive).'),
    team: name.optional().describe('One team (exact, case-insensitive).'),
    product: name.optional().describe('One product (exact, case-insensitive).'),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'from is after to', path: ['from'] });
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

export const periodSchema = z.object({ from: day, to: day });
export type DashboardPeriod = z.infer<typeof periodSchema>;

const weekScore = z.object({ week: day, calls: count, scored: count, mean_score: score });

/** QA score over time: the scope's line (the filter without `advisor`), each advisor's, the furthest below. */
export const qaTrendsSchema = z.object({
  period: periodSchema,
  calls: count.describe('Calls in the filter (advisor included).'),
  team_mean: score.describe(
    'Mean score (reviewed where a reviewer decided, else AI) of the scope without the advisor filter: what advisors are compared with.',
  ),
  team: z.array(weekScore).describe('Per week, over the filter without `advisor` (so one advisor can be compared with it).'),
  advisors: z
    .array(
      z.object({
        advisor: z.string(),
        team: z.string().nullable(),
        calls: count,
        scored: count,
        mean_score: score,
        vs_team: score.describe('mean_score − team_mean, one decimal.'),
        weeks: z.array(weekScore),
      }),
    )
    .describe('Every advisor in the filter, by name.'),
  below_team: z
    .array(z.object({ advisor: z.string(), calls: count, mean_score: z.number(), vs_team: z.number() }))
    .describe('Advisors whose mean is below team_mean, furthest below first (at most 5).'),
  what: z.string(),
});
export type QaTrends = z.infer<typeof qaTrendsSchema>;

const ruleWeek = z.object({ week: day, applied: count, failed: count, pass_rate: rate });

/** Compliance: pass rate per rule over time, failed mandatory disclosures, the rules failing most. */
export const complianceSchema = z.object({
  period: periodSchema,
  calls: count,
  failed_mandatory_calls: count.describe('Calls that failed at least one mandatory rule.'),
  rules: z
    .array(
      z.object({
        rule_id: z.string(),
        title: z.string(),
        mandatory: z.boolean(),
        applied: count.describe('Calls the rule applied to (verdict pass or fail).'),
        failed: count,
        pass_rate: rate,
        weeks: z.array(ruleWeek),
      }),
    )
    .describe('Every rule that applied, failing most first (then by rule id).'),
  mandatory_weeks: z.array(z.object({ week: day, calls: count, failed_mandatory: count })),
  what: z.string(),
});
export type ComplianceOverview = z.infer<typeof complianceSchema>;

const outcome = z.object({ calls: count, scored: count, mean_score: score, failed_mandatory: count, fails: count });

/** Customers: vulnerability/confusion flags per week and how those calls scored; groups compared. */
export const customerOutcomesSchema = z.object({
  period: periodSchema,
  calls: count,
  weeks: z.array(
    z.object({
      week: day,
      calls: count,
      vulnerable: count,
      confused: count,
      anxious: count,
      flagged_mean_score: score.describe('Mean score (reviewed where reviewed, else AI) of the week’s calls with any flag.'),
      other_mean_score: score.describe('Mean score (reviewed where reviewed, else AI) of the week’s calls without a flag.'),
    }),
  ),
  groups: z
    .array(
      outcome.extend({
        group: z.enum(['vulnerable', 'not_vulnerable']),
        product: z.string().nullable().describe('null: every product together.'),
      }),
    )
    .describe('Vulnerable vs not, over all products (product null) and per product.'),
  what: z.string(),
});
export type CustomerOutcomes = z.infer<typeof customerOutcomesSchema>;

/** Coverage and review: calls recorded (CRM) vs analysed (QA store); AI-only vs human-reviewed; agreement. */
export const reviewCoverageSchema = z.object({
  period: periodSchema,
  recorded: count.nullable().describe('Calls the CRM holds recorded in the period and scope; null when it could not say.'),
  recorded_note: z.string().nullable().describe('Why `recorded` is null or partial (e.g. the CRM was unreachable).'),
  analysed: count.describe('Calls with a stored QA result in the period and scope.'),
  weeks: z.array(z.object({ week: day, recorded: count.nullable(), analysed: count })),
  review: z.object({ unreviewed: count, in_review: count, awaiting_second_signoff: count, signed_off: count }),
  agreement: z.object({
    rule_decisions: count.describe('Current human decisions on rule verdicts of calls in scope.'),
    rule_agreed: count,
    rule_rate: rate,
    score_decisions: count,
    score_overridden: count,
    mean_abs_diff: z.number().nullable().describe('Mean |human − AI| score over overridden scores.'),
  }),
  what: z.string(),
});
export type ReviewCoverage = z.infer<typeof reviewCoverageSchema>;

export const operationsFilterSchema = z
  .object({ days: z.number().int().min(1).max(366).default(30).describe('Runs that finished in the last N days (console clock).') })
  .strict();
export type OperationsFilter = z.infer<typeof operationsFilterSchema>;

/**
 * Operations: runs and skill calls by the console's real clock (not the calls' dates): what the
 * knowledge graph recorded of finished runs. The QA filter does not apply here.
 */
export const operationsSchema = z.object({
  since: z.string().describe('ISO date-time: the window starts here and ends now.'),
  days: z.array(
    z.object({
      day: day,
      runs: count,
      succeeded: count,
      failed: count.describe('FAILED, TIMED_OUT or ABORTED.'),
      p50_ms: z.number().nullable(),
      p95_ms: z.number().nullable(),
      skill_calls: count,
      swaps: count,
    }),
  ),
  totals: z.object({
    runs: count,
    succeeded: count,
    failed: count,
    success_rate: rate,
    p50_ms: z.number().nullable(),
    p95_ms: z.number().nullable(),
    skill_calls: count,
    swaps: count,
    caller_errors: count,
  }),
  skills: z
    .array(
      z.object({
        skill: z.string(),
        capability: z.string().nullable(),
        n_success: count,
        n_failures: count,
        n_caller_errors: count,
        success_rate: rate,
        p95_latency_ms: z.number().nullable(),
      }),
    )
    .describe('Every skill used in the window, least reliable first.'),
  what: z.string(),
});
export type OperationsOverview = z.infer<typeof operationsSchema>;

/** The widgets by name (tools, tRPC procedures, the bench and the page use these names). */
export const DASHBOARD_WIDGETS = ['qa_trends', 'compliance', 'customers', 'coverage', 'operations'] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];
